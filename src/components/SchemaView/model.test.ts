import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  constraintItems,
  describeType,
  displayValue,
  fieldBadges,
  fieldConstraints,
  hasChildren,
  parameterConstraints,
  resolve,
  typeLabel,
  type Schemas,
  followRef,
} from './model';
import {renderedRefs} from './walk';

const schemas: Schemas = {
  Node: {
    type: 'object',
    properties: {name: {type: 'string'}, parent: {ref: 'Node'}, children: {type: 'array', items: {ref: 'Node'}}, owner: {ref: 'User'}},
  },
  User: {type: 'object', properties: {id: {type: 'integer'}, account: {ref: 'Account'}}},
  Account: {type: 'object', properties: {plan: {ref: 'Plan'}}},
  Plan: {type: 'string', enum: ['free', 'pro']},
  Nested: {type: 'array', items: {ref: 'Nested'}},
};

test('model: circular schemas terminate and keep their names', () => {
  assert.equal(typeLabel({ref: 'Node'}, schemas), 'Node');
  assert.equal(typeLabel({ref: 'Nested'}, schemas), 'array of Nested');
  assert.equal(hasChildren({ref: 'Nested'}, schemas), false);
  assert.equal(hasChildren({ref: 'Node'}, schemas), true);
});

test('model: renderedRefs is what the first render reads, down to EAGER_DEPTH', () => {
  // Node's attributes, the child attributes of `owner` (User: open on the server), and the
  // types their labels name; Account's own attributes (Plan) sit behind a closed disclosure.
  assert.deepEqual([...renderedRefs([{ref: 'Node'}], schemas)].sort(), ['Account', 'Node', 'User']);
  // A disclosure opened deeper down renders only its own attributes.
  assert.deepEqual([...renderedRefs([{ref: 'Account'}], schemas, 1)].sort(), ['Account', 'Plan']);
});

test('model: missing schemas are reported, labelled by name, without children', () => {
  const partial: Schemas = {Node: schemas.Node};
  assert.deepEqual(resolve({ref: 'User'}, partial), {node: {}, name: 'User', missing: true});
  assert.equal(typeLabel({ref: 'User'}, partial), 'User');
  assert.deepEqual(
    [...renderedRefs([{ref: 'Node'}], partial)].filter((n) => !partial[n]),
    ['User'],
  );
});

test('model: resolve merges the annotations beside a reference over the component', () => {
  const s: Schemas = {Money: {type: 'object', title: 'Money', description: 'An amount.', properties: {amount: {type: 'integer'}}}};
  assert.deepEqual(resolve({ref: 'Money'}, s), {node: s.Money, name: 'Money'});
  // The component itself is returned, not a copy, when nothing is beside the reference.
  assert.equal(resolve({ref: 'Money'}, s).node, s.Money);
  assert.deepEqual(resolve({ref: 'Money', description: 'The balance.', nullable: true}, s), {
    node: {type: 'object', title: 'Money', description: 'The balance.', nullable: true, properties: {amount: {type: 'integer'}}},
    name: 'Money',
  });
  // A missing component keeps the annotations of this use.
  assert.deepEqual(resolve({ref: 'Gone', readOnly: true}, s), {node: {readOnly: true}, name: 'Gone', missing: true});
  assert.deepEqual(resolve(undefined, s), {node: {}});
  const inline = {type: 'string'};
  assert.equal(resolve(inline, s).node, inline);
});

test('model: typeLabel of primitives: type, format, enum, variants, any', () => {
  const none: Schemas = {};
  assert.equal(typeLabel({type: 'string'}, none), 'string');
  assert.equal(typeLabel({type: 'string', format: 'date-time'}, none), 'string<date-time>');
  assert.equal(typeLabel({type: ['string', 'integer']}, none), 'string | integer');
  assert.equal(typeLabel({type: ['string', 'integer'], format: 'int64'}, none), 'string | integer<int64>');
  assert.equal(typeLabel({oneOf: [{type: 'string'}]}, none), 'one of');
  assert.equal(typeLabel({anyOf: [{type: 'string'}]}, none), 'any of');
  assert.equal(typeLabel({oneOf: [], anyOf: []}, none), 'one of');
  assert.equal(typeLabel({enum: [3, 'a']}, none), 'number');
  assert.equal(typeLabel({enum: ['a']}, none), 'string');
  assert.equal(typeLabel({format: 'uuid'}, none), 'uuid');
  assert.equal(typeLabel({}, none), 'any');
  assert.equal(typeLabel(undefined, none), 'any');
  // An inline object with properties (no component name) is labelled by its type.
  assert.equal(typeLabel({type: 'object', properties: {a: {type: 'string'}}}, none), 'object');
  assert.equal(typeLabel({properties: {a: {type: 'string'}}}, none), 'any');
});

test('model: typeLabel adds "| null" to nullable types, whatever their kind', () => {
  const s: Schemas = {
    Address: {type: 'object', properties: {city: {type: 'string'}}},
    Code: {type: 'string', format: 'iso-4217'},
    Tags: {type: 'array', items: {type: 'string'}},
  };
  assert.equal(typeLabel({type: 'string', nullable: true}, s), 'string | null');
  assert.equal(typeLabel({type: 'string', format: 'date', nullable: true}, s), 'string<date> | null');
  assert.equal(typeLabel({type: 'array', items: {type: 'integer'}, nullable: true}, s), 'array of integer | null');
  assert.equal(typeLabel({type: 'array', items: {type: 'integer', nullable: true}}, s), 'array of integer | null');
  assert.equal(typeLabel({ref: 'Address', nullable: true}, s), 'Address | null');
  assert.equal(typeLabel({ref: 'Code', nullable: true}, s), 'string<iso-4217> | null');
  assert.equal(typeLabel({ref: 'Tags', nullable: true}, s), 'array of string | null');
  assert.equal(typeLabel({ref: 'Address', nullable: false}, s), 'Address');
  assert.equal(typeLabel({enum: ['a', null], nullable: true}, s), 'string | null');
  assert.equal(typeLabel({nullable: true}, s), 'any | null');
});

test('model: typeLabel names components that are objects or variants, and arrays by their items', () => {
  const s: Schemas = {
    Address: {type: 'object', properties: {city: {type: 'string'}}},
    Loose: {properties: {a: {type: 'string'}}},
    Shape: {oneOf: [{type: 'string'}]},
    Either: {anyOf: [{type: 'string'}]},
    Id: {type: 'string', format: 'uuid'},
    Bare: {type: 'object'},
    Addresses: {type: 'array', items: {ref: 'Address'}},
    Listy: {items: {ref: 'Id'}},
    Grid: {type: 'array', items: {type: 'array', items: {ref: 'Grid'}}},
    Untyped: {type: 'array'},
  };
  assert.equal(typeLabel({ref: 'Address'}, s), 'Address');
  assert.equal(typeLabel({ref: 'Loose'}, s), 'Loose');
  assert.equal(typeLabel({ref: 'Shape'}, s), 'Shape');
  assert.equal(typeLabel({ref: 'Either'}, s), 'Either');
  assert.equal(typeLabel({ref: 'Bare'}, s), 'Bare');
  // A component of a primitive type shows the type: what a reader sends.
  assert.equal(typeLabel({ref: 'Id'}, s), 'string<uuid>');
  assert.equal(typeLabel({ref: 'Addresses'}, s), 'array of Address');
  assert.equal(typeLabel({type: 'array', items: {ref: 'Address'}}, s), 'array of Address');
  // `items` without `type: array` is still a list.
  assert.equal(typeLabel({ref: 'Listy'}, s), 'array of string<uuid>');
  assert.equal(typeLabel({ref: 'Untyped'}, s), 'array of any');
  assert.equal(typeLabel({type: 'array'}, s), 'array of any');
  assert.equal(typeLabel({type: 'array', items: {type: 'array', items: {type: 'string'}}}, s), 'array of array of string');
  // A nested self reference stops at the component's name.
  assert.equal(typeLabel({ref: 'Grid'}, s), 'array of array of Grid');
  // A missing component is labelled by its name alone.
  assert.equal(typeLabel({ref: 'Gone', nullable: true}, s), 'Gone');
  assert.equal(typeLabel({type: 'array', items: {ref: 'Gone'}}, s), 'array of Gone');
});

test('model: hasChildren: properties, additional properties, variants, items; never a circular one', () => {
  const s: Schemas = {
    Tree: {type: 'object', properties: {kids: {type: 'array', items: {ref: 'Tree'}}}},
    Leafs: {type: 'array', items: {type: 'string'}},
    Boxes: {type: 'array', items: {ref: 'Box'}},
    Box: {type: 'object', properties: {w: {type: 'number'}}},
  };
  assert.equal(hasChildren({type: 'object', properties: {}}, s), false);
  assert.equal(hasChildren({type: 'object', properties: {a: {type: 'string'}}}, s), true);
  assert.equal(hasChildren({type: 'object', additionalProperties: {type: 'string'}}, s), true);
  assert.equal(hasChildren({type: 'object', additionalProperties: true}, s), false);
  assert.equal(hasChildren({oneOf: [{type: 'string'}]}, s), true);
  assert.equal(hasChildren({anyOf: [{type: 'string'}]}, s), true);
  assert.equal(hasChildren({oneOf: [], anyOf: []}, s), false);
  assert.equal(hasChildren({type: 'string'}, s), false);
  assert.equal(hasChildren(undefined, s), false);
  assert.equal(hasChildren({ref: 'Leafs'}, s), false);
  assert.equal(hasChildren({ref: 'Boxes'}, s), true);
  assert.equal(hasChildren({type: 'array', items: {ref: 'Box'}}, s), true);
  assert.equal(hasChildren({ref: 'Tree'}, s), true);
  // Already on the way down: no children (the view says "circular" instead).
  assert.equal(hasChildren({ref: 'Tree'}, s, ['Tree']), false);
  assert.equal(hasChildren({ref: 'Box'}, s, ['Tree']), true);
  assert.equal(hasChildren({ref: 'Boxes'}, s, ['Box']), false);
  assert.equal(hasChildren({ref: 'Gone'}, s), false);
});

const refs = (roots: Parameters<typeof renderedRefs>[0], s: Schemas, fromDepth?: number) => [...renderedRefs(roots, s, fromDepth)].sort();

test('walk: variants render one level deeper than their parent', () => {
  const s: Schemas = {
    Pet: {oneOf: [{ref: 'Cat'}, {ref: 'Dog'}]},
    Cat: {type: 'object', properties: {toy: {ref: 'Toy'}}},
    Dog: {type: 'string'},
    Toy: {type: 'object', properties: {brand: {ref: 'Brand'}}},
    Brand: {type: 'object', properties: {name: {type: 'string'}}},
  };
  // Cat's body is at depth 1: `toy` is labelled and its disclosure closed (Brand is not read).
  assert.deepEqual(refs([{ref: 'Pet'}], s), ['Cat', 'Dog', 'Pet', 'Toy']);
  assert.deepEqual(refs([{anyOf: [{ref: 'Cat'}]}], s), ['Cat', 'Toy']);
  // A variant that is the schema being shown is not walked again.
  assert.deepEqual(refs([{ref: 'Loop'}], {Loop: {oneOf: [{ref: 'Loop'}, {ref: 'Cat'}]}, Cat: s.Cat, Toy: s.Toy}), ['Cat', 'Loop', 'Toy']);
});

test("walk: lists render their item's attributes at the list's own depth", () => {
  const s: Schemas = {
    Row: {type: 'object', properties: {cell: {ref: 'Cell'}}},
    Cell: {type: 'object', properties: {value: {ref: 'Value'}}},
    Value: {type: 'object', properties: {deep: {ref: 'Deep'}}},
    Deep: {type: 'object', properties: {x: {type: 'string'}}},
    Words: {type: 'array', items: {type: 'string'}},
  };
  assert.deepEqual(refs([{type: 'array', items: {ref: 'Row'}}], s), ['Cell', 'Row', 'Value']);
  assert.deepEqual(refs([{items: {ref: 'Row'}}], s), ['Cell', 'Row', 'Value']);
  // A list of plain values has no attributes to walk.
  assert.deepEqual(refs([{type: 'array', items: {ref: 'Words'}}], s), ['Words']);
  // `items` beside `properties` without `type: array`: the properties are what is shown.
  assert.deepEqual(refs([{type: 'object', properties: {a: {ref: 'Cell'}}, items: {ref: 'Words'}}], s), ['Cell', 'Value', 'Words']);
  // (Its label still reads the item type: "array of Row".)
  assert.deepEqual(refs([{properties: {a: {ref: 'Cell'}}, items: {ref: 'Row'}}], s), ['Cell', 'Row', 'Value']);
  // `type: array` decides over `properties`: the items are what is shown.
  assert.deepEqual(refs([{type: 'array', items: {ref: 'Row'}, properties: {v: {ref: 'Deep'}}}], s), ['Cell', 'Row', 'Value']);
  // A list of itself has no attributes, and the walk ends.
  assert.deepEqual(refs([{ref: 'Nested'}], schemas), ['Nested']);
  // A list of the schema being shown stops there.
  assert.deepEqual(refs([{ref: 'Tree'}], {Tree: {type: 'object', properties: {kids: {type: 'array', items: {ref: 'Tree'}}}}}), ['Tree']);
});

test('walk: additional properties, item types of list fields, and EAGER_DEPTH from fromDepth', () => {
  const s: Schemas = {
    Meta: {type: 'object', properties: {owner: {ref: 'Owner'}}},
    Owner: {type: 'object', properties: {team: {ref: 'Team'}}},
    Team: {type: 'object', properties: {lead: {ref: 'Lead'}}},
    Lead: {type: 'string'},
    Tag: {type: 'string', enum: ['a', 'b']},
  };
  assert.deepEqual(refs([{type: 'object', additionalProperties: {ref: 'Meta'}}], s), ['Meta', 'Owner']);
  assert.deepEqual(refs([{type: 'object', additionalProperties: true, properties: {t: {type: 'array', items: {ref: 'Tag'}}}}], s), ['Tag']);
  // A field whose component is missing still reads its item schema (its allowed values are shown).
  assert.deepEqual(refs([{type: 'object', properties: {t: {ref: 'Gone', items: {ref: 'Tag'}}}}], s), ['Gone', 'Tag']);
  // Opened at depth 1: its own attributes only; at depth 0 one more level.
  assert.deepEqual(refs([{ref: 'Meta'}], s, 1), ['Meta', 'Owner']);
  assert.deepEqual(refs([{ref: 'Meta'}], s, 0), ['Meta', 'Owner', 'Team']);
  assert.deepEqual(refs([{ref: 'Meta'}], s, -1), ['Lead', 'Meta', 'Owner', 'Team']);
  // Roots without attributes are only labelled; undefined roots are skipped.
  assert.deepEqual(refs([undefined, {ref: 'Lead'}, {ref: 'Gone'}], s), ['Gone', 'Lead']);
  assert.deepEqual(refs([], s), []);
});

test("followRef: a reference is followed with the annotations beside it over the component's; a missing one is undefined", () => {
  const schemas = {Limit: {type: 'integer', minimum: 1, default: 20, description: '<p>Page size.</p>'}};
  assert.deepEqual(followRef({ref: 'Limit', default: 50, nullable: true}, schemas), {
    type: 'integer',
    minimum: 1,
    default: 50,
    nullable: true,
    description: '<p>Page size.</p>',
  });
  assert.equal(followRef({ref: 'Limit'}, schemas), schemas.Limit, 'a bare reference is the component itself');
  const inline = {type: 'string'};
  assert.equal(followRef(inline, schemas), inline, 'a node that is not a reference is itself');
  assert.equal(followRef({ref: 'Missing', description: 'x'}, schemas), undefined);
  assert.equal(followRef(undefined, schemas), undefined);
});

test('describeType: the page label, the component a recursive list stopped at, and the cut of deep lists', () => {
  const s: Schemas = {
    List: {type: 'array', items: {ref: 'List'}},
    Grid: {type: 'array', items: {type: 'array', items: {ref: 'Grid'}}},
    Wrap: {type: 'array', items: {ref: 'List'}},
    Maybe: {type: 'array', items: {ref: 'Maybe'}, nullable: true},
  };
  assert.deepEqual(describeType({ref: 'List'}, s), {label: 'array of List', circular: 'List'});
  assert.deepEqual(describeType({ref: 'Grid'}, s), {label: 'array of array of Grid', circular: 'Grid'});
  // The stop inside a component the label only passes through is still reported.
  assert.deepEqual(describeType({ref: 'Wrap'}, s), {label: 'array of array of List', circular: 'List'});
  assert.deepEqual(describeType({ref: 'Maybe'}, s), {label: 'array of Maybe | null', circular: 'Maybe'});
  assert.deepEqual(describeType({type: 'array', items: {type: 'string'}}, s), {label: 'array of string'});
  assert.deepEqual(describeType({ref: 'Gone'}, s), {label: 'Gone'});
  // `arrays`: the list nested that deep reads "array of items".
  const deep = {type: 'array', items: {type: 'array', items: {type: 'array', items: {type: 'string'}}}};
  assert.deepEqual(describeType(deep, s), {label: 'array of array of array of string'});
  assert.deepEqual(describeType(deep, s, 4), {label: 'array of array of array of string'});
  assert.deepEqual(describeType(deep, s, 3), {label: 'array of array of array of items'});
  assert.deepEqual(describeType(deep, s, 2), {label: 'array of array of items'});
  assert.deepEqual(describeType(deep, s, 1), {label: 'array of items'});
  assert.deepEqual(describeType({type: 'array'}, s, 1), {label: 'array of items'});
  assert.deepEqual(describeType({ref: 'Grid'}, s, 2), {label: 'array of array of items'});
  assert.equal(typeLabel(deep, s), 'array of array of array of string');
});

test("constraintItems: allowed values first, then every keyword in the page's order, values as the page shows them", () => {
  assert.deepEqual(
    constraintItems({
      type: 'integer',
      enum: [1, 'a', null],
      minimum: 1,
      exclusiveMinimum: true,
      maximum: 9,
      exclusiveMaximum: true,
      multipleOf: 2,
      minLength: 1,
      maxLength: 2,
      pattern: '^a$',
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      minProperties: 1,
      maxProperties: 4,
      default: 'x',
      example: 6,
      readOnly: true,
      deprecated: true,
    }),
    [
      {kind: 'values', label: 'Allowed values', values: ['1', 'a', 'null']},
      {kind: 'value', label: 'greater than', value: '1'},
      {kind: 'value', label: 'less than', value: '9'},
      {kind: 'value', label: 'multiple of', value: '2'},
      {kind: 'value', label: 'min length', value: '1'},
      {kind: 'value', label: 'max length', value: '2'},
      {kind: 'value', label: 'pattern', value: '^a$'},
      {kind: 'value', label: 'min items', value: '1'},
      {kind: 'value', label: 'max items', value: '3'},
      {kind: 'flag', label: 'unique items'},
      {kind: 'value', label: 'min properties', value: '1'},
      {kind: 'value', label: 'max properties', value: '4'},
      {kind: 'value', label: 'default', value: 'x'},
      {kind: 'value', label: 'example', value: '6'},
    ],
  );
  // OpenAPI 3.0: inclusive bounds, and exclusive flags set to false.
  assert.deepEqual(constraintItems({minimum: 0, maximum: 0, exclusiveMinimum: false, exclusiveMaximum: false}), [
    {kind: 'value', label: 'minimum', value: '0'},
    {kind: 'value', label: 'maximum', value: '0'},
  ]);
  // OpenAPI 3.1: the exclusive bound is the number, over an inclusive one beside it.
  assert.deepEqual(constraintItems({exclusiveMinimum: 0, exclusiveMaximum: 10}), [
    {kind: 'value', label: 'greater than', value: '0'},
    {kind: 'value', label: 'less than', value: '10'},
  ]);
  assert.deepEqual(constraintItems({minimum: 1, exclusiveMinimum: 2, maximum: 20, exclusiveMaximum: 10}), [
    {kind: 'value', label: 'greater than', value: '2'},
    {kind: 'value', label: 'less than', value: '10'},
  ]);
  // Zeros, false and null are values; an object example, an empty enum and uniqueItems: false are not shown.
  assert.deepEqual(
    constraintItems({
      multipleOf: 0,
      minLength: 0,
      maxLength: 0,
      pattern: '',
      minItems: 0,
      maxItems: 0,
      minProperties: 0,
      maxProperties: 0,
      default: false,
      example: 0,
    }),
    [
      {kind: 'value', label: 'multiple of', value: '0'},
      {kind: 'value', label: 'min length', value: '0'},
      {kind: 'value', label: 'max length', value: '0'},
      {kind: 'value', label: 'pattern', value: ''},
      {kind: 'value', label: 'min items', value: '0'},
      {kind: 'value', label: 'max items', value: '0'},
      {kind: 'value', label: 'min properties', value: '0'},
      {kind: 'value', label: 'max properties', value: '0'},
      {kind: 'value', label: 'default', value: 'false'},
      {kind: 'value', label: 'example', value: '0'},
    ],
  );
  assert.deepEqual(constraintItems({enum: [], uniqueItems: false, example: {a: 1}, default: null}), [
    {kind: 'value', label: 'default', value: 'null'},
  ]);
  assert.deepEqual(constraintItems({default: {a: 1}, example: 'x'}), [
    {kind: 'value', label: 'default', value: '{"a":1}'},
    {kind: 'value', label: 'example', value: 'x'},
  ]);
  assert.deepEqual(constraintItems({}), []);
  assert.equal(displayValue('a b'), 'a b');
  assert.equal(displayValue([1, 'a']), '[1,"a"]');
});

test("fieldConstraints: a reference with its annotations; a list shows its items' constraints under its own", () => {
  const s: Schemas = {
    Code: {type: 'string', maxLength: 3, enum: ['EUR', 'USD'], example: 'EUR'},
    Codes: {type: 'array', items: {ref: 'Code'}, maxItems: 5},
  };
  assert.deepEqual(fieldConstraints({ref: 'Code', default: 'USD'}, s), [
    {kind: 'values', label: 'Allowed values', values: ['EUR', 'USD']},
    {kind: 'value', label: 'max length', value: '3'},
    {kind: 'value', label: 'default', value: 'USD'},
    {kind: 'value', label: 'example', value: 'EUR'},
  ]);
  assert.deepEqual(fieldConstraints({ref: 'Codes'}, s), [
    {kind: 'values', label: 'Allowed values', values: ['EUR', 'USD']},
    {kind: 'value', label: 'max length', value: '3'},
    {kind: 'value', label: 'max items', value: '5'},
    {kind: 'value', label: 'example', value: 'EUR'},
  ]);
  // The list's own allowed values and keywords win over its items'; `items` without a type is a list too.
  assert.deepEqual(fieldConstraints({items: {ref: 'Code'}, enum: ['x'], example: 'y'}, s), [
    {kind: 'values', label: 'Allowed values', values: ['x']},
    {kind: 'value', label: 'max length', value: '3'},
    {kind: 'value', label: 'example', value: 'y'},
  ]);
  // A list without items is only itself.
  assert.deepEqual(fieldConstraints({type: 'array', minItems: 1}, s), [{kind: 'value', label: 'min items', value: '1'}]);
  assert.deepEqual(fieldConstraints({ref: 'Gone', default: 1}, s), [{kind: 'value', label: 'default', value: '1'}]);
  assert.deepEqual(fieldConstraints(undefined, s), []);
});

test("parameterConstraints: the schema's items, its items' allowed values only, the parameter's example over the schema's", () => {
  const s: Schemas = {Id: {type: 'integer', minimum: 1, example: 7}, Tag: {type: 'string', enum: ['a', 'b'], maxLength: 1}};
  assert.deepEqual(parameterConstraints({ref: 'Id'}, 42, s), [
    {kind: 'value', label: 'minimum', value: '1'},
    {kind: 'value', label: 'example', value: '42'},
  ]);
  assert.deepEqual(parameterConstraints({ref: 'Id'}, undefined, s), [
    {kind: 'value', label: 'minimum', value: '1'},
    {kind: 'value', label: 'example', value: '7'},
  ]);
  assert.deepEqual(parameterConstraints({type: 'array', items: {ref: 'Tag'}}, undefined, s), [
    {kind: 'values', label: 'Allowed values', values: ['a', 'b']},
  ]);
  assert.deepEqual(parameterConstraints({type: 'array', enum: ['c'], items: {ref: 'Tag'}}, undefined, s), [
    {kind: 'values', label: 'Allowed values', values: ['c']},
  ]);
  assert.deepEqual(parameterConstraints({ref: 'Gone', minimum: 3}, 1, s), []);
  assert.deepEqual(parameterConstraints(undefined, 1, s), []);
});

test('fieldBadges: required, read-only, write-only, deprecated, its replacement, circular, in that order', () => {
  assert.deepEqual(fieldBadges({readOnly: true, writeOnly: true, deprecated: true, deprecatedBy: 'b'}, true, true), [
    {kind: 'required'},
    {kind: 'read-only'},
    {kind: 'write-only'},
    {kind: 'deprecated'},
    {kind: 'replacement', by: 'b'},
    {kind: 'circular'},
  ]);
  // A replacement is named only for a deprecated field.
  assert.deepEqual(fieldBadges({deprecatedBy: 'b', readOnly: false}), []);
  assert.deepEqual(fieldBadges({}, false, false), []);
});
