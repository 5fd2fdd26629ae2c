import { z } from 'zod';
import { API_PREFIX, ApiCode, SESSION_COOKIE, TOKEN_HEADER } from './api';
import { DEFINITIONS, definitionKeyOfField } from './definitions';
import { ENDPOINTS, type Endpoint } from './endpoints';
import { MP_SESSION_HEADER } from './mp';
import { PPTX_MIME, XLSX_MIME } from './report-download';

/**
 * The OpenAPI 3.1 description of every call, generated from the same schemas the API validates with and
 * the tests check answers against: query parameters or the body, the envelope and its result, the
 * downloads, and the session (header `token` or cookie `car-token`). Served at /car/api/docs(-json).
 */

type JsonSchema = Record<string, unknown>;

/** Every measure field of an answer carries its 口径 from the one dictionary (contracts definitions.ts, issue 30 §4). */
function withDefinitions(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(withDefinitions);
  if (typeof value !== 'object' || value === null) return;
  const properties = (value as JsonSchema).properties;
  if (typeof properties === 'object' && properties !== null) {
    for (const [field, schema] of Object.entries(properties as Record<string, JsonSchema>)) {
      const key = definitionKeyOfField(field);
      if (key === undefined) continue;
      const definition = `口径（${DEFINITIONS[key].name}）：${DEFINITIONS[key].text}`;
      schema.description = typeof schema.description === 'string' ? `${schema.description}。${definition}` : definition;
    }
  }
  Object.values(value).forEach(withDefinitions);
}

/** A schema as JSON Schema, its own `$defs` (recursive rows) hoisted into the document's components. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  if (io === 'output') withDefinitions(generated);
  const { $defs, $schema: _ignored, ...rest } = generated as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rewrite = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${prefix}_${name}"`)) as JsonSchema;
  for (const [name, definition] of Object.entries($defs ?? {})) components[`${prefix}_${name}`] = rewrite(definition);
  // A self-referencing root is `"$ref": "#"`: point it at a component of its own.
  const text = JSON.stringify(rest);
  if (text.includes('"$ref":"#"')) {
    components[prefix] = JSON.parse(text.replace(/"\$ref":"#"/g, `"$ref":"#/components/schemas/${prefix}"`)) as JsonSchema;
    return rewrite({ $ref: `#/components/schemas/${prefix}` });
  }
  return rewrite(rest);
}

function operationId(endpoint: Endpoint): string {
  return endpoint.path.replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());
}

const ERROR_RESPONSE = {
  description:
    '失败：code 为负数，msg 为中文原因（-1400 参数错误，-1009/-1008/-1012 需重新登录，-1403 无权限，-1429 尝试过多，-1500 服务器错误，-1503 服务不可用）',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
};

export function buildOpenApiDocument(): Record<string, unknown> {
  const components: Record<string, JsonSchema> = {
    Failure: {
      type: 'object',
      required: ['code', 'msg', 'result'],
      properties: {
        code: { type: 'integer', enum: Object.values(ApiCode).filter((c) => c !== ApiCode.Success) },
        msg: { type: 'string' },
        result: { type: 'null' },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const id = operationId(endpoint);
    const input = jsonSchema(endpoint.params, 'input', `${id}Params`, components);
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    const success =
      endpoint.result === 'xlsx'
        ? { description: 'Excel 文件（.xlsx），文件名在 Content-Disposition 中', content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } } }
        : endpoint.result === 'pptx'
          ? {
              description: 'PowerPoint 文件（.pptx），文件名在 Content-Disposition 中',
              content: { [PPTX_MIME]: { schema: { type: 'string', format: 'binary' } } },
            }
          : {
              description: '成功：code 1',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['code', 'msg', 'result'],
                    properties: {
                      code: { const: ApiCode.Success },
                      msg: { type: 'string' },
                      result: jsonSchema(endpoint.result, 'output', `${id}Result`, components),
                    },
                  },
                },
              },
            };
    const operation: Record<string, unknown> = {
      operationId: id,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      security: endpoint.access === 'public' ? [] : endpoint.access === 'mp' ? [{ mpSession: [] }] : [{ token: [] }, { cookie: [] }],
      responses: { 200: success, default: ERROR_RESPONSE },
    };
    if (endpoint.method === 'GET') {
      operation.parameters = Object.entries(properties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name) && !('default' in schema),
        description: typeof schema.description === 'string' ? schema.description : undefined,
        schema,
      }));
    } else {
      operation.requestBody = {
        required: true,
        content: {
          [endpoint.body === 'form' ? 'application/x-www-form-urlencoded' : endpoint.body === 'multipart' ? 'multipart/form-data' : 'application/json']: {
            schema: input,
          },
        },
      };
    }
    paths[`${API_PREFIX}/${endpoint.path}`] = { ...(paths[`${API_PREFIX}/${endpoint.path}`] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '车市分析平台 API',
      version: '1.0',
      description: '每个应答为 {code, msg, result}；code 1 为成功。令牌放在请求头 token 中，或浏览器的 car-token Cookie 中。',
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
        cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        mpSession: { type: 'apiKey', in: 'header', name: MP_SESSION_HEADER },
      },
    },
  };
}
