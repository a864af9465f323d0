import type { Core, Modules, UID } from '@strapi/strapi';
import type { DefaultContext, ParameterizedContext } from 'koa';

/** `users.type` (user schema enumeration). */
export type UserType = 'admin' | 'company' | 'dispatcher' | 'salesman';

/**
 * The signed-in user as users-permissions' JWT strategy puts it on `ctx.state.user`: the user
 * row with its role populated (private fields such as the password hash included, so never
 * answer it as is).
 */
export interface AuthUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  type?: UserType;
  blocked?: boolean;
  token_version?: number;
  role?: { id: number; name: string; type: string };
}

/** `ctx.state` of a content-API request: `user` and `auth` (strategy, credentials) when authenticated. */
export interface AppState {
  user?: AuthUser;
  auth?: { strategy?: { name: string }; credentials?: unknown; ability?: unknown };
  route?: Core.Route;
  /** This request's id (middlewares/request-id.ts): in the `X-Request-Id` answer header and on its log lines. */
  requestId?: string;
  /** Bucket keys of the /auth rate limit for this request (extensions/users-permissions/rate-limit.ts). */
  rateLimitKeys?: Record<string, string>;
  /** The free-text search's related-id lookups of this request, by content-type, attributes and term (utils/search/subqueries.ts). */
  searchLookups?: Map<string, Promise<number[] | null>>;
  [key: string]: unknown;
}

/**
 * Koa's context as Strapi hands it to controllers, policies and middlewares (Strapi's own
 * handler types use Koa's `Context`), with our `state` and the router's `params`.
 * `ctx.request.body` stays koa-body's `any`: read it through `unknown` and narrow.
 */
export type AppContext = ParameterizedContext<AppState, DefaultContext & { params: Record<string, string> }>;

/** What policies read: Strapi's policy context (Koa's, without `state` in its type) with our `state` and the route `params`. */
export type AppPolicyContext = Core.PolicyContext & { state: AppState; params?: Record<string, string> };

/**
 * An uploaded file as koa-body hands it over on `ctx.request.files` (formidable: `originalFilename`,
 * `filepath`, `mimetype`; older versions `name`, `path`).
 */
export type UploadedFile = { originalFilename?: string | null; name?: string; size: number; filepath?: string; path?: string; mimetype?: string | null };

/** `ctx.request.files`: each multipart field's file, or list of files. */
export type UploadedFiles = Record<string, UploadedFile | UploadedFile[]>;

/** A plain JSON object (request body `data`, a filters object, a row read from the database). */
export type Json = Record<string, unknown>;

/** true for a plain object (not null, not an array). */
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What our schema walkers read of an attribute. Strapi's `Schema.Attribute.AnyAttribute` is a
 * union that only narrows per relation kind (a morph relation has no `target`), so code that walks
 * any schema reads it through this common view; `strapi.getModel(uid)` results are assignable.
 */
export interface AttributeView {
  type: string;
  relation?: string;
  target?: UID.ContentType;
  mappedBy?: string;
  inversedBy?: string;
  /** media: whether the field holds several files. */
  multiple?: boolean;
  component?: UID.Component;
  components?: UID.Component[];
}

/** A content-type or component schema read through {@link AttributeView}. */
export interface SchemaView {
  uid?: UID.Schema;
  attributes?: Record<string, AttributeView>;
}

/**
 * `ctx.state` of the request being served (Strapi's request context, an AsyncLocalStorage), for
 * code that runs below the controller (sanitizers, validators, lifecycles); undefined outside a
 * request. Strapi types the stored context with Koa's default (untyped) state.
 */
export function requestState(strapi: Core.Strapi): AppState | undefined {
  return strapi.requestContext.get()?.state as AppState | undefined;
}

/**
 * `data` of a Document Service create (and update) of `T`. Strapi derives it from the content-type
 * registry that `strapi develop` generates (`types/generated`, not committed): without it none of
 * our fields is known and an object literal is refused, with it the required fields are checked, so
 * writes cast their data to this, once, at the call (the code compiles both ways).
 */
export type DocumentInput<T extends UID.ContentType> = Modules.Documents.Params.Data.Input<T>;
