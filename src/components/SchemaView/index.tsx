import React, {useEffect, useState} from 'react';
import clsx from 'clsx';
import type {SchemaNode} from '../../../plugins/api-pages/client/page-data-format';
import type {SchemaLoader} from '../ApiOperation/schemas';
import ApiHtml from '../ApiHtml';
import {
  EAGER_DEPTH,
  constraintItems,
  discriminatorValues,
  fieldBadges,
  fieldConstraints,
  followRef,
  hasChildren,
  resolve,
  typeLabel,
  type ConstraintItem,
  type Schemas,
} from './model';
import styles from './styles.module.css';

export type SchemaMode = 'request' | 'response';

interface Ctx {
  schemas: Schemas;
  mode: SchemaMode;
  /** Asks for component schemas that are not loaded (pages of large schema graphs). */
  load?: SchemaLoader;
}

/** Left out of the search index: only property names of the top level are indexed. */
const SKIP = 'search-skip';

export {followRef, resolve, typeLabel};

/** After a render from `depth`, asks for the schemas it reached that are not loaded yet. */
function useMissing(raw: SchemaNode, ctx: Ctx, depth: number, active: boolean): void {
  const {schemas} = ctx;
  // `request` changes only on Retry, `fail` never: a failure alone does not ask again (no retry loop).
  const request = ctx.load?.request;
  const fail = ctx.load?.fail;
  useEffect(() => {
    if (!active || !request || !fail) return;
    let live = true;
    // The walk is its own chunk: only pages of large schema graphs (with `load`) ever need it.
    import('./walk').then(
      ({renderedRefs}) => {
        const missing = [...renderedRefs([raw], schemas, depth)].filter((n) => !schemas[n]);
        if (live && missing.length) request(missing);
      },
      () => live && fail(), // a failed chunk: say so; Retry makes a new `request` and runs this again
    );
    return () => {
      live = false;
    };
  }, [raw, schemas, request, fail, depth, active]);
}

/**
 * A field's allowed values, constraints, default and example (model.ts: constraintItems), one line
 * of `label: value` items; the same for body fields and for parameters (ApiOperation), so both
 * read and look alike. The Markdown twins write the same items as text.
 */
export function Constraints({items}: {items: ConstraintItem[]}) {
  const line = items.flatMap((item) =>
    item.kind === 'value'
      ? [
          <span key={item.label} className={styles.constraint}>
            {item.label}: <code>{item.value}</code>
          </span>,
        ]
      : item.kind === 'flag'
        ? [
            <span key={item.label} className={styles.constraint}>
              {item.label}
            </span>,
          ]
        : [],
  );
  const allowed = items.find((item) => item.kind === 'values');
  return (
    <>
      {allowed && (
        <div className={clsx(styles.enum, SKIP)}>
          <span>{`${allowed.label}:`}</span>{' '}
          {allowed.values.map((v) => (
            <code key={v}>{v}</code>
          ))}
        </div>
      )}
      {line.length > 0 && <div className={clsx(styles.constraints, SKIP)}>{line}</div>}
    </>
  );
}

const BADGE_CLASS = {
  required: styles.required,
  'read-only': styles.badge,
  'write-only': styles.badge,
  deprecated: styles.deprecated,
  circular: styles.badge,
};

/**
 * A field's labels (required, read-only…: model.ts fieldBadges), apart on screen (the group's gap)
 * and in text: a space between two labels, so that text extraction and screen readers read
 * "required read-only".
 */
function Badges({node, required, circular}: {node: SchemaNode; required?: boolean; circular?: boolean}) {
  const labels = fieldBadges(node, required, circular).map((b) =>
    b.kind === 'replacement' ? (
      <span key="replacement" className={styles.replacement} data-deprecated-by={b.by}>
        use <code>{b.by}</code> instead
      </span>
    ) : (
      <span key={b.kind} className={BADGE_CLASS[b.kind]} data-circular={b.kind === 'circular' ? '' : undefined}>
        {b.kind}
      </span>
    ),
  );
  if (labels.length === 0) return null;
  return <span className={clsx(styles.badges, SKIP)}>{labels.flatMap((label, i) => (i === 0 ? [label] : [' ', label]))}</span>;
}

/** Child attributes behind a disclosure; rendered on the server near the top, on demand deeper down. */
function Children({raw, ctx, depth, seen, label}: {raw: SchemaNode; ctx: Ctx; depth: number; seen: string[]; label: string}) {
  const [opened, setOpened] = useState(false);
  const eager = depth < EAGER_DEPTH;
  useMissing(raw, ctx, depth + 1, opened && !eager);
  return (
    <details className={clsx(styles.children, SKIP)} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{label}</summary>
      {(eager || opened) && <SchemaBody raw={raw} ctx={ctx} depth={depth + 1} seen={seen} />}
    </details>
  );
}

function Property({
  name,
  raw,
  required,
  ctx,
  depth,
  seen,
}: {
  name: string;
  raw: SchemaNode;
  required: boolean;
  ctx: Ctx;
  depth: number;
  seen: string[];
}) {
  const {node, name: refName} = resolve(raw, ctx.schemas);
  const circular = (refName !== undefined && seen.includes(refName)) || Boolean(node.circular);
  const circularTo = refName ?? node.circular;
  const nextSeen = refName ? [...seen, refName] : seen;
  const children = !circular && hasChildren(raw, ctx.schemas, seen);
  const isArray = node.type === 'array' || Boolean(node.items);
  return (
    <li className={styles.property}>
      <div className={styles.head}>
        <code className={styles.name}>{name}</code>
        <span className={clsx(styles.type, SKIP)}>{typeLabel(raw, ctx.schemas)}</span>
        <Badges node={node} required={required} circular={circular} />
      </div>
      {node.description && <ApiHtml html={node.description} className={clsx(styles.description, SKIP)} />}
      <Constraints items={fieldConstraints(raw, ctx.schemas)} />
      {circular && <p className={styles.note}>Circular reference to {circularTo}: see above.</p>}
      {children && (
        <Children raw={raw} ctx={ctx} depth={depth} seen={nextSeen} label={isArray ? 'Attributes of each item' : 'Child attributes'} />
      )}
    </li>
  );
}

function visible(node: SchemaNode, mode: SchemaMode): boolean {
  return !(mode === 'request' && node.readOnly) && !(mode === 'response' && node.writeOnly);
}

/** What a view shows while a schema it needs is not loaded: progress, or the failure and Retry. */
function Pending({load}: {load?: SchemaLoader}) {
  if (!load?.failed)
    return (
      <p className={styles.note} role="status">
        Loading attributes…
      </p>
    );
  return (
    <p className={styles.failed} role="alert">
      These attributes could not be loaded (the network request failed).{' '}
      <button type="button" className={styles.retry} onClick={load.retry}>
        Retry
      </button>
    </p>
  );
}

/** The attributes of a schema: properties, items, variants or additional properties. */
function SchemaBody({raw, ctx, depth, seen}: {raw: SchemaNode; ctx: Ctx; depth: number; seen: string[]}) {
  const {node, missing} = resolve(raw, ctx.schemas);
  if (missing) return <Pending load={ctx.load} />;
  // A string that holds a document (an SSE event's `data`): the fields of what it decodes to.
  if (node.contentSchema && !node.properties && !node.items) {
    const inner = resolve(node.contentSchema, ctx.schemas);
    if (inner.name && seen.includes(inner.name)) return <p className={styles.note}>Circular reference to {inner.name}.</p>;
    return <SchemaBody raw={node.contentSchema} ctx={ctx} depth={depth} seen={inner.name ? [...seen, inner.name] : seen} />;
  }
  if (node.items && (node.type === 'array' || !node.properties)) {
    const item = resolve(node.items, ctx.schemas);
    const nextSeen = item.name ? [...seen, item.name] : seen;
    if (item.name && seen.includes(item.name)) return <p className={styles.note}>Circular reference to {item.name}.</p>;
    return hasChildren(node.items, ctx.schemas, seen) ? <SchemaBody raw={node.items} ctx={ctx} depth={depth} seen={nextSeen} /> : null;
  }
  const variants = node.oneOf ?? node.anyOf;
  const required = new Set(node.required ?? []);
  const props = Object.entries(node.properties ?? {}).filter(([, p]) => visible(resolve(p, ctx.schemas).node, ctx.mode));
  return (
    <>
      {props.length > 0 && (
        <ul className={styles.properties}>
          {props.map(([name, p]) => (
            <Property key={name} name={name} raw={p} required={required.has(name)} ctx={ctx} depth={depth} seen={seen} />
          ))}
        </ul>
      )}
      {typeof node.additionalProperties === 'object' && (
        <ul className={styles.properties}>
          <Property name="{key}" raw={node.additionalProperties} required={false} ctx={ctx} depth={depth} seen={seen} />
        </ul>
      )}
      {variants && (
        <div className={styles.variants}>
          <p className={clsx(styles.variantIntro, SKIP)}>
            {node.oneOf ? 'Exactly one of' : 'Any of'} these shapes
            {node.discriminator ? (
              <>
                , chosen by <code>{node.discriminator.propertyName}</code>
              </>
            ) : null}
            :
          </p>
          {variants.map((v, i) => {
            const r = resolve(v, ctx.schemas);
            const title = r.node.title ?? r.name ?? typeLabel(v, ctx.schemas);
            const {values, fallback} = discriminatorValues(node.discriminator, r.name);
            return (
              <div key={i} className={styles.variant}>
                <p className={styles.variantTitle}>
                  {i + 1}. <span className={styles.type}>{title}</span>
                  {values.length > 0 && (
                    <span className={clsx(styles.discriminatorValue, SKIP)} data-discriminator-values="">
                      {' '}
                      when <code>{node.discriminator!.propertyName}</code> is{' '}
                      {values.map((value, j) => (
                        <React.Fragment key={value}>
                          {j > 0 && ' or '}
                          <code>{value}</code>
                        </React.Fragment>
                      ))}
                    </span>
                  )}
                  {fallback && (
                    <span className={clsx(styles.discriminatorValue, SKIP)} data-discriminator-default="">
                      {' '}
                      {values.length ? 'and' : 'when'} <code>{node.discriminator!.propertyName}</code> is any other value (default)
                    </span>
                  )}
                </p>
                {r.node.description && <ApiHtml html={r.node.description} className={styles.description} />}
                {r.name && seen.includes(r.name) ? (
                  <p className={styles.note}>
                    <span className={styles.badge} data-circular="">
                      circular
                    </span>{' '}
                    Circular reference to {r.name}: see above.
                  </p>
                ) : hasChildren(v, ctx.schemas, seen) ? (
                  <SchemaBody raw={v} ctx={ctx} depth={depth + 1} seen={r.name ? [...seen, r.name] : seen} />
                ) : (
                  <Constraints items={constraintItems(r.node)} />
                )}
              </div>
            );
          })}
        </div>
      )}
    </>
  );
}

/** A schema as a readable attribute list (request bodies, responses, parameters). */
export default function SchemaView({
  schema,
  schemas,
  mode,
  load,
}: {
  schema: SchemaNode;
  schemas: Schemas;
  mode: SchemaMode;
  load?: SchemaLoader;
}) {
  const ctx: Ctx = {schemas, mode, load};
  const {node, name, missing} = resolve(schema, schemas);
  const children = hasChildren(schema, schemas);
  useMissing(schema, ctx, 0, true);
  if (missing) {
    return (
      <div className={styles.schema}>
        <p className={clsx(styles.summary, SKIP)}>
          <span className={styles.type}>{name}</span>
        </p>
        <Pending load={load} />
      </div>
    );
  }
  return (
    <div className={styles.schema}>
      <p className={clsx(styles.summary, SKIP)}>
        <span className={styles.type}>{typeLabel(schema, schemas)}</span>
      </p>
      {node.description && <ApiHtml html={node.description} className={clsx(styles.description, SKIP)} />}
      {/* Constraints of the whole value (min/max properties of an object, min/max items of a list) show above its fields. */}
      <Constraints items={constraintItems(node)} />
      {children && <SchemaBody raw={schema} ctx={ctx} depth={0} seen={name ? [name] : []} />}
    </div>
  );
}
