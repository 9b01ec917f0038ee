/**
 * Stripe's form-encoded bodies arrive as nested objects of strings (bracket notation, parsed by
 * `qs`). Before validation with the generated Zod schema, strings are turned into the integers and
 * booleans the schema declares, walking the schema itself so that nothing is listed twice.
 */
interface SchemaLike {
  _zod: { def: Record<string, unknown> & { type: string } };
  safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function coerceForm(value: unknown, schema: unknown): unknown {
  const def = (schema as SchemaLike)._zod?.def;
  if (!def) return value;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return coerceForm(value, def.innerType);
    case 'pipe':
      return coerceForm(value, def.in);
    case 'union': {
      // anyOf (e.g. `card`: card_details_params | token_params): coerced as the first option it
      // then fits, else as the option it comes closest to (fewest issues), for a precise error.
      let closest: unknown = value;
      let fewest = Number.POSITIVE_INFINITY;
      for (const option of def.options as SchemaLike[]) {
        const coerced = coerceForm(value, option);
        const result = option.safeParse(coerced);
        if (result.success) return coerced;
        const issues = result.error?.issues.length ?? 0;
        if (issues < fewest) {
          fewest = issues;
          closest = coerced;
        }
      }
      return closest;
    }
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape as Record<string, unknown>;
      const out: Record<string, unknown> = { ...value };
      for (const [key, inner] of Object.entries(shape)) if (key in out) out[key] = coerceForm(out[key], inner);
      return out;
    }
    case 'record': {
      if (!isPlainObject(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerceForm(v, def.valueType)]));
    }
    case 'array': {
      // `a[0]=x&a[1]=y` arrives as an array; `a[5]=x` alone (qs's array limit) as an object.
      const items = Array.isArray(value)
        ? value
        : isPlainObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))
          ? Object.entries(value)
              .sort(([a], [b]) => Number(a) - Number(b))
              .map(([, v]) => v)
          : typeof value === 'string'
            ? [value]
            : undefined;
      return items ? items.map((item) => coerceForm(item, def.element)) : value;
    }
    case 'number':
    case 'int':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}
