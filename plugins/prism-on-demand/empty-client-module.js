// Stands in for theme-classic's prism-include-languages client module (see prism-on-demand.ts).
export {};
