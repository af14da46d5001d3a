import React, {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import type {SchemaNode} from '../ApiOperation/types';
import ApiHtml from '../ApiHtml';
import styles from './styles.module.css';

export type SchemaMode = 'request' | 'response';

interface Ctx {
  schemas: Record<string, SchemaNode>;
  mode: SchemaMode;
}

/** Left out of the search index: only property names of the top level are indexed. */
const SKIP = 'search-skip';

/**
 * Nesting depth up to which child attributes are in the server-rendered HTML; deeper ones render
 * when opened. Child attributes sit behind closed disclosures and stay out of the search index, so
 * rendering them up front would only make every page's HTML and DOM larger (slower to lay out).
 */
const EAGER_DEPTH = 1;

/** Follows a component reference; `name` is the component's name when there was one. */
export function resolve(node: SchemaNode | undefined, schemas: Record<string, SchemaNode>): {node: SchemaNode; name?: string} {
  if (node?.ref) {
    const {ref, ...own} = node;
    const target = schemas[ref] ?? {};
    // Annotations beside the reference (a description, nullable…: allOf [ref, {description}] or a
    // 3.1 $ref with siblings) apply to this use of the component.
    return {node: Object.keys(own).length ? {...target, ...own} : target, name: ref};
  }
  return {node: node ?? {}};
}

function primitiveType(node: SchemaNode): string {
  const t = Array.isArray(node.type) ? node.type.join(' | ') : node.type;
  if (t) return node.format ? `${t}<${node.format}>` : t;
  if (node.oneOf) return 'one of';
  if (node.anyOf) return 'any of';
  if (node.enum) return typeof node.enum[0];
  return node.format ?? 'any';
}

/** "string<email>", "array of Contact", "Address", "object", with "| null" when nullable. */
export function typeLabel(raw: SchemaNode | undefined, schemas: Record<string, SchemaNode>): string {
  const {node, name} = resolve(raw, schemas);
  let label: string;
  if (node.type === 'array' || node.items) {
    label = `array of ${node.items ? typeLabel(node.items, schemas) : 'any'}`;
  } else if (name && (node.type === 'object' || node.properties || node.oneOf || node.anyOf)) {
    label = name;
  } else {
    label = primitiveType(node);
  }
  return node.nullable ? `${label} | null` : label;
}

function hasChildren(raw: SchemaNode | undefined, schemas: Record<string, SchemaNode>, seen: string[] = []): boolean {
  const {node, name} = resolve(raw, schemas);
  if (name && seen.includes(name)) return false;
  if (node.properties && Object.keys(node.properties).length) return true;
  if (typeof node.additionalProperties === 'object') return true;
  if (node.oneOf?.length || node.anyOf?.length) return true;
  if (node.items) return hasChildren(node.items, schemas, name ? [...seen, name] : seen);
  return false;
}

const fmt = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function Constraints({node}: {node: SchemaNode}) {
  const items: ReactNode[] = [];
  const add = (label: string, value: unknown) => items.push(<span key={label} className={styles.constraint}>{label}: <code>{fmt(value)}</code></span>);
  const exclusiveMin = node.exclusiveMinimum === true || typeof node.exclusiveMinimum === 'number';
  const exclusiveMax = node.exclusiveMaximum === true || typeof node.exclusiveMaximum === 'number';
  if (node.minimum !== undefined || typeof node.exclusiveMinimum === 'number') add(exclusiveMin ? 'greater than' : 'minimum', typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : node.minimum);
  if (node.maximum !== undefined || typeof node.exclusiveMaximum === 'number') add(exclusiveMax ? 'less than' : 'maximum', typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : node.maximum);
  if (node.multipleOf !== undefined) add('multiple of', node.multipleOf);
  if (node.minLength !== undefined) add('min length', node.minLength);
  if (node.maxLength !== undefined) add('max length', node.maxLength);
  if (node.pattern !== undefined) add('pattern', node.pattern);
  if (node.minItems !== undefined) add('min items', node.minItems);
  if (node.maxItems !== undefined) add('max items', node.maxItems);
  if (node.uniqueItems) items.push(<span key="unique" className={styles.constraint}>unique items</span>);
  if (node.default !== undefined) add('default', node.default);
  if (node.example !== undefined && typeof node.example !== 'object') add('example', node.example);
  const enumValues = node.enum;
  return (
    <>
      {enumValues && enumValues.length > 0 && (
        <div className={clsx(styles.enum, SKIP)}>
          <span>Allowed values:</span>{' '}
          {enumValues.map((v) => (
            <code key={fmt(v)}>{fmt(v)}</code>
          ))}
        </div>
      )}
      {items.length > 0 && <div className={clsx(styles.constraints, SKIP)}>{items}</div>}
    </>
  );
}

function Badges({node, required}: {node: SchemaNode; required?: boolean}) {
  return (
    <>
      {required && <span className={styles.required}>required</span>}
      {node.readOnly && <span className={styles.badge}>read-only</span>}
      {node.writeOnly && <span className={styles.badge}>write-only</span>}
      {node.deprecated && <span className={styles.deprecated}>deprecated</span>}
    </>
  );
}

/** Child attributes behind a disclosure; rendered on the server near the top, on demand deeper down. */
function Children({raw, ctx, depth, seen, label}: {raw: SchemaNode; ctx: Ctx; depth: number; seen: string[]; label: string}) {
  const [opened, setOpened] = useState(false);
  const eager = depth < EAGER_DEPTH;
  return (
    <details className={clsx(styles.children, SKIP)} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{label}</summary>
      {(eager || opened) && <SchemaBody raw={raw} ctx={ctx} depth={depth + 1} seen={seen} />}
    </details>
  );
}

function Property({name, raw, required, ctx, depth, seen}: {name: string; raw: SchemaNode; required: boolean; ctx: Ctx; depth: number; seen: string[]}) {
  const {node, name: refName} = resolve(raw, ctx.schemas);
  const circular = refName !== undefined && seen.includes(refName);
  const nextSeen = refName ? [...seen, refName] : seen;
  const children = !circular && hasChildren(raw, ctx.schemas, seen);
  const isArray = node.type === 'array' || Boolean(node.items);
  return (
    <li className={styles.property}>
      <div className={styles.head}>
        <code className={styles.name}>{name}</code>
        <span className={clsx(styles.type, SKIP)}>{typeLabel(raw, ctx.schemas)}</span>
        <span className={SKIP}>
          <Badges node={node} required={required} />
        </span>
      </div>
      {node.description && <ApiHtml html={node.description} className={clsx(styles.description, SKIP)} />}
      <Constraints node={isArray && node.items ? {...resolve(node.items, ctx.schemas).node, ...node, enum: node.enum ?? resolve(node.items, ctx.schemas).node.enum} : node} />
      {circular && <p className={styles.note}>Circular reference to {refName}: see above.</p>}
      {children && (
        <Children raw={raw} ctx={ctx} depth={depth} seen={nextSeen} label={isArray ? 'Attributes of each item' : 'Child attributes'} />
      )}
    </li>
  );
}

function visible(node: SchemaNode, mode: SchemaMode): boolean {
  return !(mode === 'request' && node.readOnly) && !(mode === 'response' && node.writeOnly);
}

/** The attributes of a schema: properties, items, variants or additional properties. */
function SchemaBody({raw, ctx, depth, seen}: {raw: SchemaNode; ctx: Ctx; depth: number; seen: string[]}) {
  const {node} = resolve(raw, ctx.schemas);
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
            {node.discriminator ? <>, chosen by <code>{node.discriminator.propertyName}</code></> : null}:
          </p>
          {variants.map((v, i) => {
            const r = resolve(v, ctx.schemas);
            const title = r.node.title ?? r.name ?? typeLabel(v, ctx.schemas);
            return (
              <div key={i} className={styles.variant}>
                <p className={styles.variantTitle}>
                  {i + 1}. <span className={styles.type}>{title}</span>
                </p>
                {r.node.description && <ApiHtml html={r.node.description} className={styles.description} />}
                {hasChildren(v, ctx.schemas, seen) ? (
                  <SchemaBody raw={v} ctx={ctx} depth={depth + 1} seen={r.name ? [...seen, r.name] : seen} />
                ) : (
                  <Constraints node={r.node} />
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
export default function SchemaView({schema, schemas, mode}: {schema: SchemaNode; schemas: Record<string, SchemaNode>; mode: SchemaMode}) {
  const ctx: Ctx = {schemas, mode};
  const {node, name} = resolve(schema, schemas);
  const children = hasChildren(schema, schemas);
  return (
    <div className={styles.schema}>
      <p className={clsx(styles.summary, SKIP)}>
        <span className={styles.type}>{typeLabel(schema, schemas)}</span>
      </p>
      {node.description && <ApiHtml html={node.description} className={clsx(styles.description, SKIP)} />}
      {children ? <SchemaBody raw={schema} ctx={ctx} depth={0} seen={name ? [name] : []} /> : <Constraints node={node} />}
    </div>
  );
}
