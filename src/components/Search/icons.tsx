/** Small inline icons of the search UI (decorative: aria-hidden). */
import React from 'react';
import {DocType} from './types';

const common = {width: 20, height: 20, viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false} as const;

export function IconForType({type}: {type: number}) {
  if (type === DocType.Title) {
    return (
      <svg {...common}>
        <path d="M5 2.5h7l3.5 3.5v11.5H5z M12 2.5V6h3.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
      </svg>
    );
  }
  if (type === DocType.Heading) {
    return (
      <svg {...common}>
        <path d="M7.5 3 6 17M14 3l-1.5 14M3.5 7.5h13M3 12.5h13" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="M4 5h12M4 9h12M4 13h8" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** Tree connector: "├" for a result in the middle of its page's group, "└" for the last one. */
export function IconTree({last}: {last: boolean}) {
  return (
    <svg {...common} viewBox="0 0 24 54" width={16} height={36}>
      <path d={last ? 'M8 6v21h12' : 'M8 6v42m0-21h12'} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

export function IconEnter() {
  return (
    <svg {...common} width={16} height={16}>
      <path
        d="M16 4v6a2 2 0 0 1-2 2H5m3-4-4 4 4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
