/**
 * The search page's items from the engine's rows (./group.ts rowsOfGroups). Its own module so
 * that the page does not load the grouping itself, which runs in the engine's chunk.
 */

/** Rows (SearchHit-like: tree flags) → items of one page each: its row and the rows of its sections. */
export function itemsOfRows<R extends {isInterOfTree: boolean; isLastOfTree: boolean}>(rows: readonly R[]): {row: R; sections: R[]}[] {
  const items: {row: R; sections: R[]}[] = [];
  for (const row of rows) {
    const inTree = row.isInterOfTree || row.isLastOfTree;
    const last = items[items.length - 1];
    if (inTree && last) last.sections.push(row);
    else items.push({row, sections: []});
  }
  return items;
}
