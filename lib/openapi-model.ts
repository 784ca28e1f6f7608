// The parts of an OpenAPI 3.1 description that the site reads. Loose on purpose: the validator
// checks the structure we use, the rest of the specification passes through untouched.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: Json[];
  default?: Json;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  example?: Json;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: Json;
}

export interface MediaType {
  schema?: Schema;
  example?: Json;
}

export interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  callbacks?: Record<string, unknown>;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface ApiOperation {
  id: string;
  method: Method;
  path: string;
  operation: Operation;
}

export interface ApiDescription {
  /** Source path for messages. */
  file: string;
  /** The file as written, published at /openapi.yaml. */
  text: string;
  document: {
    servers?: { url: string }[];
    paths: Record<string, Record<string, unknown>>;
    components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response>; parameters?: Record<string, Parameter> };
  };
  serverUrl: string;
  operations: Map<string, ApiOperation>;
}
