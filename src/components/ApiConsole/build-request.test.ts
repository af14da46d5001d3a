/**
 * buildRequest, table-driven: every auth scheme kind, query and header parameters, Accept and
 * Content-Type, server + path joining and hostile values. Expected URLs and headers are exact.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage, ParameterData, SecuritySchemeData} from '../../../plugins/api-pages/client/page-data-format';
import {
  base64Utf8,
  buildRequest,
  diagnoseFailure,
  FAILURE,
  RequestRefused,
  serverChoices,
  serverOrigin,
  type BuiltRequest,
} from './request';
import {TRY_IT_FAILURE} from './try-it';

const PAGE = 'https://developers.example/docs/api/get-contact';

const basic: SecuritySchemeData = {key: 'basicAuth', type: 'http', scheme: 'basic'};
const bearer: SecuritySchemeData = {key: 'token', type: 'http', scheme: 'bearer'};
const subscriptionKey: SecuritySchemeData = {key: 'subscriptionKey', type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key'};
const queryKey: SecuritySchemeData = {key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key'};
const oauth: SecuritySchemeData = {key: 'oauth', type: 'oauth2', scopes: ['read']};
const oidc: SecuritySchemeData = {key: 'oidc', type: 'openIdConnect', openIdConnectUrl: 'https://id.x/.well-known/openid-configuration'};
const cookieKey: SecuritySchemeData = {key: 'session', type: 'apiKey', in: 'cookie', name: 'SESSION'};

const idParam: ParameterData = {name: 'contact_id', in: 'path', required: true, schema: {type: 'integer'}};
const idempotency: ParameterData = {name: 'Idempotency-Key', in: 'header', required: false, schema: {type: 'string'}};
const query = (name: string, schema: ParameterData['schema'] = {type: 'string'}): ParameterData => ({
  name,
  in: 'query',
  required: false,
  schema,
});

function op(over: Partial<OperationPage> = {}): OperationPage {
  return {
    method: 'get',
    path: '/contacts/{contact_id}',
    summary: 'Get a contact',
    servers: [{url: 'https://api.x/v1'}],
    security: [],
    parameters: [idParam],
    responses: [
      {status: '200', headers: [], content: [{mediaType: 'application/json'}]},
      {status: '404', headers: [], content: [{mediaType: 'application/problem+json'}]},
    ],
    schemas: {Tags: {type: 'array', items: {type: 'string'}}},
    samples: [],
    ...over,
  };
}

const createContact = op({
  method: 'post',
  path: '/contacts',
  parameters: [idempotency],
  security: [[basic, subscriptionKey]],
  requestBody: {required: true, content: [{mediaType: 'application/json'}]},
  responses: [{status: '201', headers: [], content: [{mediaType: 'application/json'}]}],
});

interface Row {
  name: string;
  operation?: OperationPage;
  server?: string;
  params?: Record<string, string>;
  credentials?: Record<string, string>;
  body?: string;
  /** Index of the security alternative chosen (default 0). */
  alternative?: number;
  expect: BuiltRequest | {refused: RequestRefused['kind']; message: string};
}

const ACCEPT = {Accept: 'application/json'};
/** A request carrying a credential: marked, and sent without following redirects. */
const withCredential = (b: BuiltRequest): BuiltRequest => ({...b, init: {...b.init, redirect: 'manual'}, credentialed: true});
const get = (url: string, headers: Record<string, string> = ACCEPT): BuiltRequest => ({url, init: {method: 'GET', headers}});

const rows: Row[] = [
  // Authentication
  {
    name: 'HTTP basic',
    operation: op({security: [[basic]]}),
    params: {'path:contact_id': '55120'},
    credentials: {'basicAuth.username': 'api-user', 'basicAuth.password': 's3cret'},
    expect: withCredential(get('https://api.x/v1/contacts/55120', {Authorization: 'Basic YXBpLXVzZXI6czNjcmV0', ...ACCEPT})),
  },
  {
    name: 'HTTP basic with non-ASCII credentials (UTF-8)',
    operation: op({security: [[basic]]}),
    params: {'path:contact_id': '1'},
    credentials: {'basicAuth.username': 'jürgen', 'basicAuth.password': 'pässwörd€'},
    // base64 of the UTF-8 bytes of "jürgen:pässwörd€"
    expect: withCredential(get('https://api.x/v1/contacts/1', {Authorization: 'Basic asO8cmdlbjpww6Rzc3fDtnJk4oKs', ...ACCEPT})),
  },
  {
    name: 'HTTP basic with only a password still sends the header',
    operation: op({security: [[basic]]}),
    params: {'path:contact_id': '1'},
    credentials: {'basicAuth.password': 'p'},
    expect: withCredential(get('https://api.x/v1/contacts/1', {Authorization: 'Basic OnA=', ...ACCEPT})),
  },
  {
    name: 'HTTP basic: no credentials typed, no Authorization header',
    operation: op({security: [[basic]]}),
    params: {'path:contact_id': '1'},
    expect: get('https://api.x/v1/contacts/1'),
  },
  {
    name: 'HTTP basic: a user name with ":" is refused',
    operation: op({security: [[basic]]}),
    params: {'path:contact_id': '1'},
    credentials: {'basicAuth.username': 'a:b', 'basicAuth.password': 'p'},
    expect: {refused: 'credentials', message: 'An HTTP Basic user name cannot contain ":" (scheme "basicAuth"); nothing was sent.'},
  },
  {
    name: 'bearer token',
    operation: op({security: [[bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'token.token': 'eyJhbGciOi.J9.sig'},
    expect: withCredential(get('https://api.x/v1/contacts/7', {Authorization: 'Bearer eyJhbGciOi.J9.sig', ...ACCEPT})),
  },
  {
    name: 'OAuth 2.0 sends its token as a bearer token',
    operation: op({security: [[oauth]]}),
    params: {'path:contact_id': '7'},
    credentials: {'oauth.token': 'abc'},
    expect: withCredential(get('https://api.x/v1/contacts/7', {Authorization: 'Bearer abc', ...ACCEPT})),
  },
  {
    name: 'apiKey in a header',
    operation: op({security: [[subscriptionKey]]}),
    params: {'path:contact_id': '7'},
    credentials: {'subscriptionKey.value': 'sub-123'},
    expect: withCredential(get('https://api.x/v1/contacts/7', {'Ocp-Apim-Subscription-Key': 'sub-123', ...ACCEPT})),
  },
  {
    name: 'apiKey in the query, after the query parameters, encoded',
    operation: op({security: [[queryKey]], parameters: [idParam, query('email')]}),
    params: {'path:contact_id': '7', 'query:email': 'a@b.example'},
    credentials: {'queryKey.value': 'k&y=1'},
    expect: withCredential(get('https://api.x/v1/contacts/7?email=a%40b.example&api_key=k%26y%3D1')),
  },
  {
    name: 'several schemes AND-ed: basic + subscription key; the second alternative is not used',
    operation: op({security: [[basic, subscriptionKey], [bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'basicAuth.username': 'u', 'basicAuth.password': 'p', 'subscriptionKey.value': 'sub', 'token.token': 'unused'},
    expect: withCredential(
      get('https://api.x/v1/contacts/7', {Authorization: 'Basic dTpw', 'Ocp-Apim-Subscription-Key': 'sub', ...ACCEPT}),
    ),
  },
  // Query parameters
  {
    name: 'query parameters in document order, empty ones skipped, special characters encoded',
    operation: op({parameters: [idParam, query('q'), query('status'), query('from'), query('page', {type: 'integer'})]}),
    params: {
      'path:contact_id': '7',
      'query:q': 'Ann & Bob+Co/ü ?#%',
      'query:status': '',
      'query:from': '2025-01-01T00:00:00Z',
      'query:page': '2',
    },
    expect: get('https://api.x/v1/contacts/7?q=Ann%20%26%20Bob%2BCo%2F%C3%BC%20%3F%23%25&from=2025-01-01T00%3A00%3A00Z&page=2'),
  },
  {
    name: 'an array query parameter is repeated, one key per comma-separated value (form, explode)',
    operation: op({parameters: [idParam, query('tag', {type: 'array', items: {type: 'string'}}), query('kind', {ref: 'Tags'})]}),
    params: {'path:contact_id': '7', 'query:tag': 'a,b,,c d', 'query:kind': 'x'},
    expect: get('https://api.x/v1/contacts/7?tag=a&tag=b&tag=c%20d&kind=x'),
  },
  {
    name: 'an array query parameter with explode: false is one comma-separated value (form, not exploded), empty items dropped',
    operation: op({
      parameters: [
        idParam,
        {...query('ids', {type: 'array', items: {type: 'integer'}}), explode: false},
        {...query('none', {type: 'array'}), explode: false},
      ],
    }),
    params: {'path:contact_id': '7', 'query:ids': '1,,2,3', 'query:none': ',,'},
    expect: get('https://api.x/v1/contacts/7?ids=1%2C2%2C3'),
  },
  {
    name: 'allowReserved: reserved characters and percent-encoded triples sent as they are; [ ] # & = + and the rest encoded',
    operation: op({parameters: [idParam, {...query('link'), allowReserved: true}, query('q')]}),
    params: {'path:contact_id': '7', 'query:link': "https://x.test/a b?c=1&d=2#top;v@2!$'()*,[0]%2F%zz é", 'query:q': 'a/b'},
    expect: get("https://api.x/v1/contacts/7?link=https://x.test/a%20b?c%3D1%26d%3D2%23top;v@2!$'()*,%5B0%5D%2F%25zz%20%C3%A9&q=a%2Fb"),
  },
  {
    name: 'allowReserved with explode: false: the items joined by a comma that stays a comma',
    operation: op({parameters: [idParam, {...query('at', {type: 'array', items: {type: 'string'}}), explode: false, allowReserved: true}]}),
    params: {'path:contact_id': '7', 'query:at': 'a/b,c:d'},
    expect: get('https://api.x/v1/contacts/7?at=a/b,c:d'),
  },
  {
    name: 'a comma in a value that is no list stays in the value, one key',
    operation: op({parameters: [idParam, query('q')]}),
    params: {'path:contact_id': '7', 'query:q': 'a,b'},
    expect: get('https://api.x/v1/contacts/7?q=a%2Cb'),
  },
  {
    name: 'a list typed as several types including array is a list',
    operation: op({parameters: [idParam, query('tag', {type: ['array', 'null']})]}),
    params: {'path:contact_id': '7', 'query:tag': 'a,b'},
    expect: get('https://api.x/v1/contacts/7?tag=a&tag=b'),
  },
  {
    name: 'a cookie parameter is not sent (a page cannot set Cookie), not even when it is a credential',
    operation: op({
      security: [[cookieKey]],
      parameters: [idParam, {name: 'SESSION', in: 'cookie', required: false}, {name: 'theme', in: 'cookie', required: false}],
    }),
    params: {'path:contact_id': '7', 'cookie:SESSION': 's3cret', 'cookie:theme': 'dark'},
    expect: get('https://api.x/v1/contacts/7'),
  },
  {
    name: 'Accept skips an error response listed before the success one (a 4xx whose code holds a 2)',
    operation: op({
      responses: [
        {status: '402', headers: [], content: [{mediaType: 'application/problem+json'}]},
        {status: '201', headers: [], content: []},
        {status: '200', headers: [], content: [{mediaType: 'text/csv'}]},
      ],
    }),
    params: {'path:contact_id': '7'},
    expect: get('https://api.x/v1/contacts/7', {Accept: 'text/csv'}),
  },
  {
    name: 'a request body with no media type listed: nothing sent as a body',
    operation: op({method: 'post', path: '/contacts', parameters: [], requestBody: {required: false, content: []}, responses: []}),
    body: '{"a":1}',
    expect: {url: 'https://api.x/v1/contacts', init: {method: 'POST', headers: {}}},
  },
  {
    name: 'a security alternative that does not exist: no credentials',
    operation: op({security: [[bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'token.token': 'T'},
    alternative: 3,
    expect: get('https://api.x/v1/contacts/7'),
  },
  // Header parameters, Accept, Content-Type and body
  {
    name: 'Idempotency-Key header, subscription key, basic, Accept, Content-Type and the body as typed',
    operation: createContact,
    params: {'header:Idempotency-Key': '3b2f1c7e-6a0d'},
    credentials: {'basicAuth.username': 'u', 'basicAuth.password': 'p', 'subscriptionKey.value': 'sub'},
    body: '{\n  "first_name": "Zoë"\n}',
    expect: withCredential({
      url: 'https://api.x/v1/contacts',
      init: {
        method: 'POST',
        headers: {
          'Idempotency-Key': '3b2f1c7e-6a0d',
          Authorization: 'Basic dTpw',
          'Ocp-Apim-Subscription-Key': 'sub',
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: '{\n  "first_name": "Zoë"\n}',
      },
    }),
  },
  {
    name: 'a blank body: no Content-Type, no body; an empty header parameter is not sent',
    operation: createContact,
    params: {'header:Idempotency-Key': ''},
    body: '  \n',
    expect: {url: 'https://api.x/v1/contacts', init: {method: 'POST', headers: {Accept: 'application/json'}}},
  },
  {
    name: 'no body given for an operation without one: no Content-Type',
    operation: op({method: 'delete', responses: [{status: '204', headers: [], content: []}]}),
    params: {'path:contact_id': '7'},
    body: '{"ignored": true}',
    expect: {url: 'https://api.x/v1/contacts/7', init: {method: 'DELETE', headers: {}}},
  },
  {
    name: 'Accept is the first success response media type (a PDF download)',
    operation: op({
      responses: [
        {status: '200', headers: [], content: [{mediaType: 'application/pdf'}, {mediaType: 'application/json'}]},
        {status: '404', headers: [], content: [{mediaType: 'application/problem+json'}]},
      ],
    }),
    params: {'path:contact_id': '7'},
    expect: get('https://api.x/v1/contacts/7', {Accept: 'application/pdf'}),
  },
  // Server + path joining
  {
    name: 'server with a trailing slash',
    server: 'https://api.x/v1/',
    params: {'path:contact_id': '7'},
    expect: get('https://api.x/v1/contacts/7'),
  },
  {
    name: 'server with several trailing slashes',
    server: 'https://api.x/v1//',
    params: {'path:contact_id': '7'},
    expect: get('https://api.x/v1/contacts/7'),
  },
  {name: 'server without a base path', server: 'https://api.x', params: {'path:contact_id': '7'}, expect: get('https://api.x/contacts/7')},
  {name: 'server root with a slash', server: 'https://api.x/', params: {'path:contact_id': '7'}, expect: get('https://api.x/contacts/7')},
  {
    name: 'server with a port and a deeper base path',
    server: 'http://127.0.0.1:8080/api/v1',
    params: {'path:contact_id': '7'},
    expect: get('http://127.0.0.1:8080/api/v1/contacts/7'),
  },
  {
    name: 'relative server "/v1" resolves against the page',
    server: '/v1',
    params: {'path:contact_id': '7'},
    expect: get('https://developers.example/v1/contacts/7'),
  },
  {name: 'relative server "/"', server: '/', params: {'path:contact_id': '7'}, expect: get('https://developers.example/contacts/7')},
  {
    name: 'server spelled with spaces around it',
    server: '  https://api.x/v1  ',
    params: {'path:contact_id': '7'},
    expect: get('https://api.x/v1/contacts/7'),
  },
  // Hostile path parameter values
  {
    name: 'path value "//evil.example/x" is refused (it would add segments)',
    params: {'path:contact_id': '//evil.example/x'},
    expect: {
      refused: 'path',
      message:
        'Refused: the path parameter "contact_id" ("//evil.example/x") would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.',
    },
  },
  {
    name: 'path value "../../admin" is refused',
    params: {'path:contact_id': '../../admin'},
    expect: {
      refused: 'path',
      message:
        'Refused: the path parameter "contact_id" ("../../admin") would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.',
    },
  },
  {
    name: 'path value ".." is refused',
    params: {'path:contact_id': '..'},
    expect: {
      refused: 'path',
      message:
        'Refused: the path parameter "contact_id" ("..") would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.',
    },
  },
  {
    name: 'path value with a backslash is refused',
    params: {'path:contact_id': '..\\admin'},
    expect: {
      refused: 'path',
      message:
        'Refused: the path parameter "contact_id" ("..\\\\admin") would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.',
    },
  },
  {name: 'path value "%2F" is sent as data: %252F', params: {'path:contact_id': '%2F'}, expect: get('https://api.x/v1/contacts/%252F')},
  {name: 'path value "%2e%2e" stays data', params: {'path:contact_id': '%2e%2e'}, expect: get('https://api.x/v1/contacts/%252e%252e')},
  {
    name: 'path value "?inject=1" stays in the path',
    params: {'path:contact_id': '?inject=1'},
    expect: get('https://api.x/v1/contacts/%3Finject%3D1'),
  },
  {name: 'path value "#frag" stays in the path', params: {'path:contact_id': '#frag'}, expect: get('https://api.x/v1/contacts/%23frag')},
  {
    name: 'path value "@evil.example" stays in the path',
    params: {'path:contact_id': '@evil.example'},
    expect: get('https://api.x/v1/contacts/%40evil.example'),
  },
  {name: 'path value "..x" (not a dot segment) is fine', params: {'path:contact_id': '..x'}, expect: get('https://api.x/v1/contacts/..x')},
  {
    name: 'protocol-relative trap: server "/" and a document path "//evil.example/x" stay on the page origin',
    server: '/',
    operation: op({path: '//evil.example/x', parameters: []}),
    expect: get('https://developers.example//evil.example/x'),
  },
  {
    name: 'a document path with dot segments that climbs out of the server path is refused',
    operation: op({path: '/../../admin', parameters: []}),
    expect: {
      refused: 'path',
      message: 'Refused: the request would go to https://api.x/admin, outside the server https://api.x/v1/; nothing was sent.',
    },
  },
  {
    name: 'path value "." is refused (the URL would drop it: /contacts/)',
    params: {'path:contact_id': '.'},
    expect: {
      refused: 'path',
      message:
        'Refused: the path parameter "contact_id" (".") would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.',
    },
  },
  {
    name: 'a document path with a query or a fragment is refused (the request would not be the documented one)',
    operation: op({path: '/contacts?admin=1', parameters: []}),
    expect: {
      refused: 'path',
      message:
        'Refused: the request would go to https://api.x/v1/contacts?admin=1, outside the server https://api.x/v1/; nothing was sent.',
    },
  },
  {
    name: 'a document path with a fragment is refused',
    operation: op({path: '/contacts#x', parameters: []}),
    expect: {
      refused: 'path',
      message: 'Refused: the request would go to https://api.x/v1/contacts#x, outside the server https://api.x/v1/; nothing was sent.',
    },
  },
  {
    name: 'a document path without its leading slash is joined with one',
    operation: op({path: 'contacts', parameters: []}),
    expect: get('https://api.x/v1/contacts'),
  },
  {
    name: 'an empty path parameter is refused',
    params: {'path:contact_id': ''},
    expect: {refused: 'path', message: 'Fill in the path parameter "contact_id"; nothing was sent.'},
  },
  // Hostile servers
  {
    name: 'server "javascript:" is refused',
    server: 'javascript:alert(1)',
    params: {'path:contact_id': '7'},
    expect: {refused: 'server', message: 'The server URL must start with https:// or http:// (got "javascript:alert(1)").'},
  },
  {
    name: 'server with user info is refused',
    server: 'https://user:pw@api.x/v1',
    params: {'path:contact_id': '7'},
    expect: {
      refused: 'server',
      message: 'The server URL may not contain a user name or password; enter credentials in the Authentication fields.',
    },
  },
  {
    name: 'server with a user name only is refused',
    server: 'https://user@api.x/v1',
    params: {'path:contact_id': '7'},
    expect: {
      refused: 'server',
      message: 'The server URL may not contain a user name or password; enter credentials in the Authentication fields.',
    },
  },
  {
    name: 'server with a password only is refused',
    server: 'https://:pw@api.x/v1',
    params: {'path:contact_id': '7'},
    expect: {
      refused: 'server',
      message: 'The server URL may not contain a user name or password; enter credentials in the Authentication fields.',
    },
  },
  {
    name: 'server that is no URL is refused',
    server: 'http://[api',
    params: {'path:contact_id': '7'},
    expect: {
      refused: 'server',
      message: 'The server URL "http://[api" is not a valid URL. Enter an address such as https://sandbox.example.com/v1.',
    },
  },
  {
    name: 'server with an empty query ("?") is refused',
    server: 'https://api.x/v1?',
    params: {'path:contact_id': '7'},
    expect: {refused: 'server', message: 'The server URL may not contain "?" or "#" (got "https://api.x/v1?").'},
  },
  {
    name: 'server with a query is refused',
    server: 'https://api.x/v1?x=1',
    params: {'path:contact_id': '7'},
    expect: {refused: 'server', message: 'The server URL may not contain "?" or "#" (got "https://api.x/v1?x=1").'},
  },
  {
    name: 'server with a fragment is refused',
    server: 'https://api.x/v1#',
    params: {'path:contact_id': '7'},
    expect: {refused: 'server', message: 'The server URL may not contain "?" or "#" (got "https://api.x/v1#").'},
  },
  {
    name: 'an empty server is refused',
    server: ' ',
    params: {'path:contact_id': '7'},
    expect: {refused: 'server', message: 'Choose a server or enter a server URL.'},
  },
  // Hostile header values
  {
    name: 'CR/LF in a header parameter is refused',
    operation: createContact,
    params: {'header:Idempotency-Key': 'abc\r\nX-Injected: 1'},
    expect: {
      refused: 'header',
      message:
        'The value of the header "Idempotency-Key" contains a line break or NUL character, which HTTP headers cannot carry; remove it. Nothing was sent.',
    },
  },
  {
    name: 'LF in an apiKey value is refused',
    operation: op({security: [[subscriptionKey]]}),
    params: {'path:contact_id': '7'},
    credentials: {'subscriptionKey.value': 'sub\n'},
    expect: {
      refused: 'header',
      message:
        'The value of the header "Ocp-Apim-Subscription-Key" contains a line break or NUL character, which HTTP headers cannot carry; remove it. Nothing was sent.',
    },
  },
  {
    name: 'CR in a bearer token is refused',
    operation: op({security: [[bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'token.token': 'abc\rdef'},
    expect: {
      refused: 'header',
      message:
        'The value of the header "Authorization" contains a line break or NUL character, which HTTP headers cannot carry; remove it. Nothing was sent.',
    },
  },
  {
    name: 'a bearer token with a character above U+00FF is refused',
    operation: op({security: [[bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'token.token': 'tok€n'},
    expect: {
      refused: 'header',
      message:
        'The value of the header "Authorization" contains "€", which HTTP headers cannot carry (only Latin-1 characters); nothing was sent.',
    },
  },
  {
    name: 'a Latin-1 header value is sent as typed',
    operation: op({security: [[subscriptionKey]]}),
    params: {'path:contact_id': '7'},
    credentials: {'subscriptionKey.value': 'clé'},
    expect: withCredential(get('https://api.x/v1/contacts/7', {'Ocp-Apim-Subscription-Key': 'clé', ...ACCEPT})),
  },
  // Alternatives (OR) and combinations (AND)
  {
    name: 'the second alternative is sent when chosen, not the first',
    operation: op({security: [[basic, subscriptionKey], [bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'basicAuth.username': 'u', 'basicAuth.password': 'p', 'subscriptionKey.value': 'k', 'token.token': 'T'},
    alternative: 1,
    expect: withCredential(get('https://api.x/v1/contacts/7', {Authorization: 'Bearer T', ...ACCEPT})),
  },
  {
    name: 'every scheme of the chosen combination is sent',
    operation: op({security: [[basic, subscriptionKey], [bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'basicAuth.username': 'u', 'basicAuth.password': 'p', 'subscriptionKey.value': 'k', 'token.token': 'T'},
    alternative: 0,
    expect: withCredential(get('https://api.x/v1/contacts/7', {Authorization: 'Basic dTpw', 'Ocp-Apim-Subscription-Key': 'k', ...ACCEPT})),
  },
  {
    name: 'an empty alternative ({}) sends no credentials',
    operation: op({security: [[bearer], []]}),
    params: {'path:contact_id': '7'},
    credentials: {'token.token': 'T'},
    alternative: 1,
    expect: get('https://api.x/v1/contacts/7'),
  },
  {
    name: 'OpenID Connect sends its access token as a bearer token',
    operation: op({security: [[oidc]]}),
    params: {'path:contact_id': '7'},
    credentials: {'oidc.token': 'id-tok', 'oidc.clientId': 'portal', 'oidc.clientSecret': 'never-sent'},
    expect: withCredential(get('https://api.x/v1/contacts/7', {Authorization: 'Bearer id-tok', ...ACCEPT})),
  },
  {
    name: 'a cookie API key is not sent (browsers forbid Cookie) and is reported, not dropped silently',
    operation: op({security: [[cookieKey]]}),
    params: {'path:contact_id': '7'},
    credentials: {'session.value': 'c00kie'},
    expect: {
      ...get('https://api.x/v1/contacts/7'),
      notSent: [
        {
          scheme: 'session',
          reason:
            'This API key goes in the cookie "SESSION". Browsers do not let a web page set the Cookie header, so the console sends the request without it; the code samples on this page send it (curl --cookie "SESSION=…").',
        },
      ],
    },
  },
  {
    name: 'two schemes that both need Authorization cannot be combined',
    operation: op({security: [[basic, bearer]]}),
    params: {'path:contact_id': '7'},
    credentials: {'basicAuth.username': 'u', 'token.token': 'T'},
    expect: {
      refused: 'credentials',
      message: 'The schemes "basicAuth" and "token" each need the Authorization header, which a request carries once; nothing was sent.',
    },
  },
  {
    name: 'an invalid header parameter name is refused',
    operation: op({parameters: [idParam, {name: 'Bad Header', in: 'header', required: false}]}),
    params: {'path:contact_id': '7', 'header:Bad Header': 'x'},
    expect: {refused: 'header', message: 'The header name "Bad Header" is not a valid HTTP header name; nothing was sent.'},
  },
];

for (const row of rows) {
  test(`buildRequest: ${row.name}`, () => {
    const run = () =>
      buildRequest(
        row.operation ?? op(),
        row.server ?? 'https://api.x/v1',
        row.params ?? {},
        row.credentials ?? {},
        row.body,
        PAGE,
        row.alternative,
      );
    if ('refused' in row.expect) {
      const {refused, message} = row.expect;
      assert.throws(run, (e: unknown) => {
        assert.ok(e instanceof RequestRefused, `a RequestRefused, got ${String(e)}`);
        assert.equal(e.kind, refused);
        assert.equal(e.message, message);
        return true;
      });
    } else {
      assert.deepEqual(run(), row.expect);
    }
  });
}

test('a refusal is a RequestRefused by name (what the component and its logs show)', () => {
  assert.throws(
    () => buildRequest(op(), '', {}, {}, undefined, PAGE),
    (e: unknown) => e instanceof RequestRefused && e.name === 'RequestRefused' && e.kind === 'server',
  );
});

test('without a page address, a relative server resolves against http://localhost/ (no window: build and tests)', () => {
  assert.equal(buildRequest(op(), '/v1', {'path:contact_id': '7'}, {}, undefined).url, 'http://localhost/v1/contacts/7');
});

test('FAILURE: what the console says when a request fails after it was built', () => {
  assert.equal(
    FAILURE.invalidRequest('bad header'),
    'The browser refused to build this request (bad header). Check the header and parameter values for characters HTTP does not allow; nothing was sent.',
  );
  assert.equal(FAILURE.timeout, 'The request was cancelled or took longer than 30 seconds.');
  assert.equal(
    FAILURE.redirect('https://api.x/v1/a'),
    "The server answered https://api.x/v1/a with a redirect, which the console did not follow: the request carries credentials, and following it could send them to another site. Browsers do not show a page the redirect's status or address (Location); run the request preview with curl -i to see them.",
  );
  assert.equal(FAILURE.cors, TRY_IT_FAILURE.cors);
  assert.equal(FAILURE.network, TRY_IT_FAILURE.network);
});

test('base64Utf8 encodes the UTF-8 bytes', () => {
  assert.equal(base64Utf8('jürgen:pässwörd€'), Buffer.from('jürgen:pässwörd€', 'utf8').toString('base64'));
});

test('serverOrigin: the origin credentials are scoped to, or null for an unusable server', () => {
  const cases: [string, string | null][] = [
    ['https://api.x/v1', 'https://api.x'],
    ['https://API.X:443/v1/', 'https://api.x'],
    ['http://127.0.0.1:8080/v1', 'http://127.0.0.1:8080'],
    ['/v1', 'https://developers.example'],
    ['', null],
    ['http://', null],
    ['ftp://api.x', null],
  ];
  for (const [server, origin] of cases) assert.equal(serverOrigin(server, PAGE), origin, server);
});

test('serverChoices: a page with servers keeps its own; the configured default only when it lists none', () => {
  const configured = 'https://api.rev.io/v2';
  const cases: {servers: OperationPage['servers']; expect: string[]}[] = [
    {servers: [{url: 'https://api.partner.example'}], expect: ['https://api.partner.example']},
    {
      servers: [{url: 'https://a.example'}, {url: 'https://b.example'}, {url: 'https://a.example'}],
      expect: ['https://a.example', 'https://b.example'],
    },
    {servers: [], expect: [configured]},
    // The page data's stand-in for "no servers".
    {servers: [{url: '/'}], expect: [configured]},
    // An explicit relative server (it has a description) is the document's own.
    {servers: [{url: '/', description: 'Same host'}], expect: ['/']},
    {servers: [{url: configured, description: 'Rev.io API (production)'}], expect: [configured]},
    {servers: [{url: 'https://sandbox.rev.io/v2'}], expect: ['https://sandbox.rev.io/v2']},
    // An older version's page (v1) is never offered the current version's default address.
    {servers: [{url: 'https://api.rev.io/v1', description: 'Production'}], expect: ['https://api.rev.io/v1']},
  ];
  for (const c of cases) assert.deepEqual(serverChoices(c.servers, configured), c.expect, JSON.stringify(c));
});

test('diagnoseFailure: an opaque probe answer means CORS, a rejected probe means network; the probe gets no query', async () => {
  const probed: string[] = [];
  assert.equal(await diagnoseFailure('https://api.x/v1/contacts?api_key=secret', async (u) => void probed.push(u)), 'cors');
  assert.equal(
    await diagnoseFailure('https://down.example/v1#x', async (u) => {
      probed.push(u);
      throw new TypeError('Failed to fetch');
    }),
    'network',
  );
  assert.deepEqual(probed, ['https://api.x/v1/contacts', 'https://down.example/v1']);
});
