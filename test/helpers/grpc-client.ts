// A gRPC client built only from the project's proto/ files with @grpc/grpc-js and
// @grpc/proto-loader, as any real gRPC user would build it. Requests and responses are converted
// between proto3 JSON (what the test tables are written in) and protobufjs objects with protobufjs
// reflection; error details are decoded from grpc-status-details-bin independently.

import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import protobuf from "protobufjs";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Outcome } from "./transports.js";

const PROTO_ROOT = fileURLToPath(new URL("../../proto", import.meta.url));
const INCLUDE_DIRS = [PROTO_ROOT, `${PROTO_ROOT}/third_party`];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function loadRoot(file: string): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => {
    return INCLUDE_DIRS.map((dir) => `${dir}/${target}`).find((candidate) => existsSync(candidate)) ?? target;
  };
  root.loadSync(file, { keepCase: false });
  root.resolveAll();
  return root;
}

// google.rpc.Status and google.protobuf.Any, declared here to decode grpc-status-details-bin.
const statusRoot = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        rpc: {
          nested: {
            Status: { fields: { code: { type: "int32", id: 1 }, message: { type: "string", id: 2 }, details: { rule: "repeated", type: "Any", id: 3 } } },
            Any: { fields: { typeUrl: { type: "string", id: 1 }, value: { type: "bytes", id: 2 } } },
          },
        },
      },
    },
    svc: { nested: { v1: { nested: { ErrorDetail: { fields: { id: { type: "string", id: 1 }, message: { type: "string", id: 2 } } } } } } },
  },
});

/** Fractions as proto3 JSON writes them: none, or 3, 6 or 9 digits. */
function fraction(nanos: number): string {
  if (!nanos) return "";
  const digits = String(nanos).padStart(9, "0");
  return `.${nanos % 1_000_000 === 0 ? digits.slice(0, 3) : nanos % 1000 === 0 ? digits.slice(0, 6) : digits}`;
}

function durationText(seconds: string | number, nanos: number): string {
  return `${seconds}${fraction(nanos)}s`;
}

function timestampText(seconds: string | number, nanos: number): string {
  return `${new Date(Number(seconds) * 1000).toISOString().replace(".000Z", "")}${fraction(nanos)}Z`;
}

/** google.protobuf.Value in proto3 JSON (any JSON) <-> its message form. */
function valueToObject(v: Json): Json {
  if (v === null) return { nullValue: "NULL_VALUE" };
  if (typeof v === "number") return { numberValue: v };
  if (typeof v === "string") return { stringValue: v };
  if (typeof v === "boolean") return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(valueToObject) } };
  return { structValue: structToObject(v) };
}

function structToObject(v: Json): Json {
  return { fields: Object.fromEntries(Object.entries(v as Record<string, Json>).map(([k, x]) => [k, valueToObject(x)])) };
}

function valueToJson(v: Record<string, unknown>): Json {
  if ("structValue" in v) return structToJson(v.structValue as Record<string, unknown>);
  if ("listValue" in v) return ((v.listValue as { values?: Record<string, unknown>[] }).values ?? []).map(valueToJson);
  if ("numberValue" in v) return v.numberValue as number;
  if ("stringValue" in v) return v.stringValue as string;
  if ("boolValue" in v) return v.boolValue as boolean;
  return null;
}

function structToJson(s: Record<string, unknown>): Json {
  return Object.fromEntries(Object.entries((s.fields ?? {}) as Record<string, Record<string, unknown>>).map(([k, x]) => [k, valueToJson(x)]));
}

/** proto3 JSON -> a plain object protobufjs accepts (well-known types as objects). */
function fromJson(type: protobuf.Type, json: Json): Json {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(json as Record<string, Json>)) {
    const field = type.fields[key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())];
    if (!field) continue;
    const convert = (v: Json): Json => {
      const rt = field.resolvedType;
      if (rt instanceof protobuf.Type) {
        if (rt.fullName === ".google.protobuf.Struct") return structToObject(v);
        if (rt.fullName === ".google.protobuf.Duration" && typeof v === "string") {
          const secs = Number(v.slice(0, -1));
          return { seconds: String(Math.trunc(secs)), nanos: Math.round((secs - Math.trunc(secs)) * 1e9) };
        }
        if (rt.fullName === ".google.protobuf.Timestamp" && typeof v === "string") {
          const digits = /\.(\d{1,9})/.exec(v)?.[1] ?? "";
          return { seconds: String(Math.floor(Date.parse(v.replace(/\.\d+/, "")) / 1000)), nanos: Number(digits.padEnd(9, "0")) };
        }
        return fromJson(rt, v);
      }
      return v;
    };
    out[field.name] = Array.isArray(value) ? value.map(convert) : convert(value);
  }
  return out;
}

/** A protobufjs object (longs and enums as strings, defaults omitted) -> proto3 JSON. */
function toJson(type: protobuf.Type, obj: Record<string, unknown>): Json {
  const out: Record<string, Json> = {};
  for (const field of Object.values(type.fields)) {
    const value = obj[field.name];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    const convert = (v: unknown): Json => {
      const rt = field.resolvedType;
      if (rt instanceof protobuf.Type) {
        const m = v as { seconds?: string; nanos?: number };
        if (rt.fullName === ".google.protobuf.Timestamp") return timestampText(m.seconds ?? 0, m.nanos ?? 0);
        if (rt.fullName === ".google.protobuf.Duration") return durationText(m.seconds ?? 0, m.nanos ?? 0);
        if (rt.fullName === ".google.protobuf.Struct") return structToJson(v as Record<string, unknown>);
        return toJson(rt, v as Record<string, unknown>);
      }
      // bytes: base64 in proto3 JSON.
      if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
      return v as Json;
    };
    out[field.name] = Array.isArray(value) ? value.map(convert) : convert(value);
  }
  return out;
}

export interface GrpcServiceClient {
  call(rpc: string, request: Json, token?: string, opts?: { deadlineMs?: number }): Promise<Outcome>;
  close(): void;
}

/** A client for `service` (e.g. "svc.resources.action.v3alpha.SvcActions") declared in `protoFile`; `headers` go as metadata on every call. */
export function grpcClient(address: string, protoFile: string, service: string, headers: Record<string, string> = {}): GrpcServiceClient {
  const file = `${PROTO_ROOT}/${protoFile}`;
  const definition = protoLoader.loadSync(file, { keepCase: false, longs: String, enums: String, defaults: false, oneofs: false, includeDirs: INCLUDE_DIRS });
  const pkg = grpc.loadPackageDefinition(definition);
  const Ctor = service.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], pkg) as grpc.ServiceClientConstructor;
  const client = new Ctor(address, grpc.credentials.createInsecure());
  const root = loadRoot(file);
  const svc = root.lookupService(service);
  return {
    call(rpc, request, token, opts) {
      const method = svc.methods[rpc];
      if (!method) throw new Error(`no rpc ${rpc}`);
      const input = root.lookupType(method.requestType);
      const output = root.lookupType(method.responseType);
      const metadata = new grpc.Metadata();
      for (const [k, v] of Object.entries(headers)) metadata.set(k, v);
      if (token) metadata.set("authorization", `Bearer ${token}`);
      // grpc-js names client methods after the rpc as declared (and after its camel-case form).
      const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[rpc]!.bind(client);
      return new Promise((resolve) => {
        fn(
          fromJson(input, request),
          metadata,
          { deadline: Date.now() + (opts?.deadlineMs ?? 10_000) },
          (err: grpc.ServiceError | null, res: Record<string, unknown>) => {
            if (!err) return resolve({ ok: true, body: toJson(output, res) as Record<string, unknown> });
            const bin = err.metadata?.get("grpc-status-details-bin")[0] as Buffer | undefined;
            let detailId: string | undefined;
            if (bin) {
              const status = statusRoot.lookupType("google.rpc.Status").decode(bin) as unknown as { details: { typeUrl: string; value: Uint8Array }[] };
              const detail = status.details.find((d) => d.typeUrl === "type.googleapis.com/svc.v1.ErrorDetail");
              if (detail) detailId = (statusRoot.lookupType("svc.v1.ErrorDetail").decode(detail.value) as unknown as { id: string }).id;
            }
            resolve({ ok: false, code: err.code, message: err.details, detailId });
          },
        );
      });
    },
    close: () => client.close(),
  };
}
