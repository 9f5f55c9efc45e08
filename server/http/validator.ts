import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { addAppFormats } from './schemas';

/**
 * Every route's input is checked by one Ajv configuration: Fastify's own defaults (@fastify/ajv-compiler:
 * coerce query strings, fill defaults, drop unknown properties, stop at the first error — allErrors is a DoS
 * vector) plus the app's formats. Static routes get it through the app's validator compiler, routes defined at
 * run time (server/crud/runtime-entity-routes.ts) call it directly, so both refuse the same input the same way.
 */
export function createAjv(): Ajv {
  return addAppFormats(new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false, verbose: true, allowUnionTypes: true }));
}

/** What Fastify calls: Ajv's validator signature, marked so Fastify passes the parent (Ajv may replace a root value). */
type LazyValidate = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => boolean) & {
  errors?: ValidateFunction['errors'];
  schemaEnv?: true;
};

/**
 * Fastify's validator compiler, compiling a route's schema on its first request instead of at start. The app has
 * some 500 routes and compiling them all took about 1.2 s of CPU on every start — once per server-test file, and
 * on every instance a balancer starts; most instances never see most routes (the route walk test compiles them all).
 */
export function lazyValidatorCompiler(ajv: Ajv): FastifySchemaCompiler<unknown> {
  return ({ schema }) => {
    let compiled: ValidateFunction | undefined;
    const validate: LazyValidate = (data, context) => {
      compiled ??= ajv.compile(schema as object);
      const valid = compiled(data, context);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.schemaEnv = true;
    return validate;
  };
}
