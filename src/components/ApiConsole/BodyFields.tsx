/**
 * The console's editors for what is not a JSON textarea: form fields (a form or multipart body,
 * or an `in: querystring` object), file pickers, and the streamed response's item list. The
 * encoding is body.ts's; the reading of a stream stream.ts's.
 */
import React from 'react';
import type {SchemaNode} from '../../../plugins/api-pages/client/page-data-format';
import type {FormField} from './body';
import type {StreamItem} from './stream';
import type {CheckResult} from './validate';
import styles from './styles.module.css';

/** One input per field: choices for enums, true/false, text (lists comma-separated, JSON for deeper values), files. */
export function FormFields({
  id,
  fields,
  values,
  onChange,
  files,
  onFile,
  problems,
}: {
  id: string;
  fields: FormField[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  files?: Record<string, File | undefined>;
  onFile?: (key: string, file: File | undefined) => void;
  /** Problems by field key, shown under the field. */
  problems?: (key: string) => string[];
}) {
  return (
    <>
      {fields.map((f, i) => {
        const value = values[f.key] ?? '';
        const set = (v: string) => onChange({...values, [f.key]: v});
        const problemList = problems?.(f.key) ?? [];
        const problemId = `${id}-f${i}-problem`;
        const common = {
          'aria-invalid': problemList.length > 0 || undefined,
          'aria-describedby': problemList.length ? problemId : undefined,
          'data-field': f.key,
        };
        const kindNote = f.input === 'list' ? ', comma-separated' : f.input === 'json' ? ', JSON' : f.input === 'file' ? ', a file' : '';
        let input: React.ReactNode;
        if (f.input === 'file') {
          const file = files?.[f.key];
          input = (
            <input
              type="file"
              accept={acceptOf(f.schema)}
              onChange={(e) => onFile?.(f.key, e.target.files?.[0] ?? undefined)}
              {...common}
              aria-description={file ? `${file.name}, ${file.size} bytes` : undefined}
            />
          );
        } else if (f.input === 'enum') {
          input = (
            <select value={value} onChange={(e) => set(e.target.value)} {...common}>
              <option value="">(not set)</option>
              {f.schema!.enum!.map((v) => (
                <option key={String(v)} value={String(v)}>
                  {String(v)}
                </option>
              ))}
            </select>
          );
        } else if (f.input === 'boolean') {
          input = (
            <select value={value} onChange={(e) => set(e.target.value)} {...common}>
              <option value="">(not set)</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          );
        } else {
          const t = f.schema?.type;
          input = (
            <input
              type="text"
              value={value}
              inputMode={t === 'integer' ? 'numeric' : t === 'number' ? 'decimal' : undefined}
              placeholder={f.schema?.example === undefined ? undefined : String(f.schema.example)}
              spellCheck={f.input === 'json' ? false : undefined}
              onChange={(e) => set(e.target.value)}
              {...common}
            />
          );
        }
        return (
          <div key={f.key} className={styles.param}>
            <label className={styles.field}>
              <span>
                {f.label}{' '}
                <small>
                  ({f.required ? 'required' : 'optional'}
                  {kindNote})
                </small>
              </span>
              {input}
            </label>
            {problemList.length > 0 && (
              <ul className={styles.fieldProblems} id={problemId} data-testid="console-field-problem" data-field={`body:${f.key}`}>
                {problemList.map((p, j) => (
                  <li key={j}>{p}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </>
  );
}

/** The file types a picker offers: the property's content media type when it names one. */
export function acceptOf(schema: SchemaNode | undefined): string | undefined {
  const type = schema?.contentMediaType;
  return type && !type.includes('*') ? type : undefined;
}

export interface ShownItem extends StreamItem {
  check?: CheckResult;
}

/** A streamed response's items as they arrived: event name, id, a body part's type, data, and each item's check. */
export function StreamItems({items, state, onStop}: {items: ShownItem[]; state: 'open' | 'ended' | 'stopped'; onStop: () => void}) {
  return (
    <div className={styles.stream} data-testid="console-stream" data-state={state}>
      <p className={styles.streamLine}>
        <span role="status" data-testid="console-stream-state">
          {state === 'open'
            ? `Receiving: ${items.length} ${items.length === 1 ? 'item' : 'items'} so far.`
            : state === 'stopped'
              ? `Stopped after ${items.length} ${items.length === 1 ? 'item' : 'items'}.`
              : `The stream ended after ${items.length} ${items.length === 1 ? 'item' : 'items'}.`}
        </span>
        {state === 'open' && (
          <button type="button" className="button button--secondary button--sm" onClick={onStop} data-testid="console-stream-stop">
            Stop
          </button>
        )}
      </p>
      <ol className={styles.streamItems}>
        {items.map((item) => {
          const invalid = item.check?.kind === 'invalid';
          return (
            <li
              key={item.index}
              className={invalid ? `${styles.streamItem} ${styles.checkInvalid}` : styles.streamItem}
              data-testid="console-stream-item"
              data-check={item.check?.kind ?? 'pending'}
            >
              {(item.event !== undefined || item.id !== undefined || item.contentType !== undefined || item.check?.kind === 'valid') && (
                <p className={styles.streamMeta}>
                  {item.contentType !== undefined && (
                    <>
                      type <code data-testid="console-stream-type">{item.contentType}</code>{' '}
                    </>
                  )}
                  {item.event !== undefined && (
                    <>
                      event <code data-testid="console-stream-event">{item.event}</code>{' '}
                    </>
                  )}
                  {item.id !== undefined && (
                    <>
                      id <code>{item.id}</code>{' '}
                    </>
                  )}
                  {item.check?.kind === 'valid' && <span aria-label="Matches the item schema">✓</span>}
                </p>
              )}
              <pre className={styles.streamData}>{item.data}</pre>
              {item.check?.kind === 'invalid' && (
                <ul className={styles.fieldProblems} data-testid="console-stream-problem">
                  {item.check.mismatches.map((m, i) => (
                    <li key={i}>
                      <code>{m.pointer === '' ? '(whole item)' : m.pointer}</code> {m.message}
                    </li>
                  ))}
                </ul>
              )}
              {item.check?.kind === 'unchecked' && <p className={styles.hint}>{item.check.reason}</p>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
