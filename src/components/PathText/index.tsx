import React from 'react';

/**
 * An API path that breaks only after its slashes (a <wbr> after each), never inside a segment:
 * `/customers/{customer_id}` may wrap as `/customers/` + `{customer_id}`, never `/custome` + `rs`.
 * Its container keeps the default `overflow-wrap` and `word-break` for this to hold.
 */
export default function PathText({path}: {path: string}) {
  const parts = path.split(/(?<=\/)/);
  return (
    <>
      {parts.map((part, i) => (
        <React.Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </React.Fragment>
      ))}
    </>
  );
}
