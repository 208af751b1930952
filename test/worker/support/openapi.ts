/** The generated OpenAPI document of /api/v1 and a JSON Schema validator for one of its answers. */
import { Validator } from "@cfworker/json-schema";
import { expect } from "vitest";
import type { TestWorker } from "./worker";

export type Json = Record<string, unknown>;
export type Method = "get" | "post" | "delete";
export interface OpenApi {
  components: { schemas: Record<string, Json> };
  paths: Record<
    string,
    Partial<Record<Method, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>
  >;
}

export async function openApi(w: TestWorker): Promise<OpenApi> {
  const res = await w.fetch("/api/v1/openapi.json", { headers: { "cf-connecting-ip": "192.0.2.200" } });
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApi;
}

/** The document's schema for one path template, status and method (GET unless said), with its component refs resolvable. */
export function validatorFor(
  doc: OpenApi,
  template: string,
  status: number,
  method: Method = "get",
): Validator {
  const response = doc.paths[template]?.[method]?.responses[String(status)];
  const schema = response?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`the document has no JSON schema for ${status} on ${template}`);
  const rewrite = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll("#/components/schemas/", "#/$defs/"));
  return new Validator(
    { ...(rewrite(schema) as Json), $defs: rewrite(doc.components.schemas) } as never,
    "2020-12",
    false,
  );
}
