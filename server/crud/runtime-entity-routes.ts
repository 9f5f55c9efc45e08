import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { permissionCode, type EntityAction, type EntityDefinition } from '../../src/contracts/entity';
import { businessError } from '../http/envelope';
import { JSON_OBJECT_BODY, TEXT_QUERY } from '../http/schemas';
import { createAjv } from '../http/validator';
import { Type } from 'typebox';
import type { DynamicPermission } from '../http/access';
import { createEntityHandlers, CRUD_ROUTES, type CrudRoute, type EntityHandlers, type EntityRouteOptions } from './register-entity-routes';
import { withMultipart } from './multipart';

/** One entity defined at run time, as its source has it now. */
export interface RuntimeEntity {
  definition: EntityDefinition;
  /** Changes whenever the definition does (e.g. the time it was last synchronised): the handlers are rebuilt. */
  version: string;
  options?: EntityRouteOptions;
}

/** Where the definitions come from (the online form builder's synchronised forms). */
export interface RuntimeEntitySource {
  /** The entity served under `code`, or null when there is none (unknown, or not synchronised yet). */
  resolve(code: string): Promise<RuntimeEntity | null>;
  /** The refusal for a code that resolves to nothing. */
  notFoundMessage: string;
}

/** The engine's handlers for the entities of one source, kept per code while their version holds. */
export interface RuntimeEntities {
  /** The handlers of a code (validation included), or null when the source has no such entity. */
  handlersOf(code: string, request?: FastifyRequest): Promise<RuntimeHandlers | null>;
  /** A route access that checks `<the entity's permission>:<action>` for the code `codeOf` reads from the request. */
  access(action: EntityAction, codeOf: (request: FastifyRequest) => Promise<string | null>): DynamicPermission;
}

export interface RuntimeHandlers extends EntityHandlers {
  /** Checks a request's query and body against the route's schema, as Fastify does for static routes. */
  validate(route: CrudRoute, request: FastifyRequest): void;
}

type InputPart = 'querystring' | 'body';


/** A refusal shaped like Fastify's validation error, so the error handler words it like any other (参数校验失败：…). */
function validationError(validate: ValidateFunction, part: InputPart): Error {
  return Object.assign(new Error('validation failed'), { validation: validate.errors ?? [], validationContext: part, statusCode: 400 });
}

const CODE_PATTERN = '^[a-z][a-z0-9_]{0,62}$';
const CODE_PARAMS = Type.Object({ code: Type.String({ pattern: CODE_PATTERN }) });
const isCode = (code: string) => new RegExp(CODE_PATTERN).test(code);

/** The route schema of a runtime route: the code in the path; query and body are checked per entity in the handler. */
const runtimeSchema = (route: CrudRoute): FastifySchema => ({
  params: CODE_PARAMS,
  ...(route === 'add' || route === 'edit' ? JSON_OBJECT_BODY : TEXT_QUERY),
});

const ROUTE_ACTION: Record<CrudRoute, EntityAction> = {
  list: 'list',
  queryById: 'list',
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  deleteBatch: 'deleteBatch',
  exportXls: 'exportXls',
  importExcel: 'importExcel',
};

/**
 * Serves the engine's list/CRUD contract for entities defined at run time, under `${base}/:code/<route>`
 * (`/online/cgform/data/shop_supplier/list` …): the same handlers as a plugin's entity, the permission
 * `<entity permission>:<action>` checked for the code of each request, query and body checked against the
 * entity's own schemas (compiled once per definition version), tenant scoping and data rules as for any entity.
 */
export async function registerRuntimeEntityRoutes(api: FastifyInstance, base: string, source: RuntimeEntitySource): Promise<RuntimeEntities> {
  const cache = new Map<string, { version: string; handlers: RuntimeHandlers }>();

  function build(runtime: RuntimeEntity): RuntimeHandlers {
    const handlers = createEntityHandlers(api, runtime.definition, { labels: (key) => key, ...runtime.options });
    const ajv = createAjv();
    const compiled = new Map<string, ValidateFunction>();
    const validatorOf = (route: CrudRoute, part: InputPart): ValidateFunction | null => {
      const schema = (handlers.schemas as Record<string, FastifySchema | undefined>)[route === 'exportXls' ? 'list' : route]?.[part];
      if (schema === undefined) return null;
      const key = `${route}:${part}`;
      let validate = compiled.get(key);
      if (validate === undefined) {
        validate = ajv.compile(schema as object);
        compiled.set(key, validate);
      }
      return validate;
    };
    return {
      ...handlers,
      validate(route, request) {
        for (const part of ['querystring', 'body'] as const) {
          const validate = validatorOf(route, part);
          if (validate === null) continue;
          const input: unknown = part === 'querystring' ? request.query : request.body;
          if (!validate(input ?? {})) throw validationError(validate, part);
        }
      },
    };
  }

  // One resolve per request: the access check and the handler ask for the same code.
  const resolvedFor = new WeakMap<FastifyRequest, Map<string, Promise<RuntimeHandlers | null>>>();

  function handlersOf(code: string, request?: FastifyRequest): Promise<RuntimeHandlers | null> {
    if (request === undefined) return resolveHandlers(code);
    const asked = resolvedFor.get(request) ?? new Map<string, Promise<RuntimeHandlers | null>>();
    resolvedFor.set(request, asked);
    const found = asked.get(code) ?? resolveHandlers(code);
    asked.set(code, found);
    return found;
  }

  async function resolveHandlers(code: string): Promise<RuntimeHandlers | null> {
    // The access check runs before the route's schema: a malformed code never reaches the source.
    if (!isCode(code)) return null;
    const runtime = await source.resolve(code);
    if (runtime === null) {
      cache.delete(code);
      return null;
    }
    const kept = cache.get(code);
    if (kept !== undefined && kept.version === runtime.version) return kept.handlers;
    const handlers = build(runtime);
    cache.set(code, { version: runtime.version, handlers });
    return handlers;
  }

  const access = (action: EntityAction, codeOf: (request: FastifyRequest) => Promise<string | null>): DynamicPermission => {
    // The family for logs and route listings (`online:cgform:data:<code>:add`). An unknown code is checked against the
    // family itself, which only administrators pass: whether a form exists is not told to whoever may not use forms.
    const family = `${base.replace(/^\//, '').replaceAll('/', ':')}:<code>:${action}`;
    return {
      permission: family,
      permissionOf: async (request) => {
        const code = await codeOf(request);
        const handlers = code === null ? null : await handlersOf(code, request);
        return handlers === null ? family : permissionCode(handlers.entity, action);
      },
    };
  };

  const codeParam = async (request: FastifyRequest) => (request.params as { code?: string }).code ?? null;

  const serve = (route: CrudRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    const handlers = await handlersOf((request.params as { code: string }).code, request);
    if (handlers === null) throw businessError(source.notFoundMessage);
    handlers.validate(route, request);
    return handlers.handle[route](request, reply);
  };

  for (const route of CRUD_ROUTES) {
    const options = { config: { access: access(ROUTE_ACTION[route], codeParam) }, schema: runtimeSchema(route) };
    const url = `${base}/:code/${route}`;
    if (route === 'importExcel') {
      await withMultipart(api, (scope) => scope.post(url, options, serve(route)));
    } else if (route === 'add') {
      api.post(url, options, serve(route));
    } else if (route === 'edit') {
      api.route({ method: ['PUT', 'POST'], url, ...options, handler: serve(route) });
    } else if (route === 'delete' || route === 'deleteBatch') {
      api.delete(url, options, serve(route));
    } else {
      api.get(url, options, serve(route));
    }
  }

  return { handlersOf, access };
}
