import {test} from 'node:test';
import assert from 'node:assert/strict';
import {hasChildren, resolve, typeLabel, type Schemas} from './model';
import {renderedRefs} from './walk';

const schemas: Schemas = {
  Node: {type: 'object', properties: {name: {type: 'string'}, parent: {ref: 'Node'}, children: {type: 'array', items: {ref: 'Node'}}, owner: {ref: 'User'}}},
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
  assert.deepEqual([...renderedRefs([{ref: 'Node'}], partial)].filter((n) => !partial[n]), ['User']);
});
