// A checker of the rules OpenAI's Structured Outputs documentation ("Supported
// schemas") sets for function tools in strict mode, written from that page:
//
// - supported types: string, number, boolean, integer, object, array, enum, anyOf
//   (and null, to make a field optional: "emulate an optional parameter by using a
//   union type with null");
// - supported keywords beyond the type: strings `pattern`, `format` (date-time, time,
//   date, duration, email, hostname, ipv4, ipv6, uuid); numbers `multipleOf`,
//   `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; arrays `minItems`,
//   `maxItems` (none of these for fine-tuned models); composition (`allOf`, `not`,
//   `dependentRequired`, `dependentSchemas`, `if`/`then`/`else`) is not supported;
// - the root must be an object, not `anyOf`;
// - all fields must be required; `additionalProperties: false` must be set in every
//   object;
// - each `anyOf` branch must itself be valid per this subset;
// - at most 5000 object properties in all, at most 10 levels of nesting;
// - property names, definition names, enum and const values: at most 120,000
//   characters in all; at most 1000 enum values in all, and an enum of more than 250
//   strings at most 15,000 characters;
// - definitions (`$defs`) and `$ref` to them (recursion included) are supported.
//
// The function itself: a name of a-z, A-Z, 0-9, `_` and `-`, at most 64 characters,
// and `strict: true`.

type Node = Record<string, unknown>

const TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'])
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'])
const ANNOTATIONS = new Set(['description', 'title'])
const STRUCTURE = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions'])
/** Supported, except for fine-tuned models. */
const CONSTRAINTS = new Set(['pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems'])

export interface StrictOptions {
  /** Apply the extra restrictions of fine-tuned models (no pattern, format, minimum, minItems, …). */
  fineTuned?: boolean
}

/** Every rule the schema breaks, as `path: rule`; empty when OpenAI's strict mode accepts it. */
export function strictSchemaErrors(schema: unknown, options: StrictOptions = {}): string[] {
  const errors: string[] = []
  const totals = { properties: 0, chars: 0, enumValues: 0 }
  if (!isNode(schema)) return ['(root): the schema must be an object']
  if ('anyOf' in schema) errors.push('(root): the root must not be anyOf')
  if (schema.type !== 'object') errors.push('(root): the root must be of type object')
  const defs = { ...(isNode(schema.$defs) ? schema.$defs : {}), ...(isNode(schema.definitions) ? schema.definitions : {}) }
  for (const [name, def] of Object.entries(defs)) {
    totals.chars += name.length
    walk(def, `$defs.${name}`, 0, schema, errors, totals, options)
  }
  walk(schema, '(root)', 0, schema, errors, totals, options)
  if (totals.properties > 5000) errors.push(`(root): ${totals.properties} object properties, more than 5000`)
  if (totals.chars > 120_000) errors.push(`(root): names and enum/const values total ${totals.chars} characters, more than 120000`)
  if (totals.enumValues > 1000) errors.push(`(root): ${totals.enumValues} enum values, more than 1000`)
  return errors
}

/** The same for a whole Chat Completions or Responses function tool. */
export function strictToolErrors(tool: unknown, options: StrictOptions = {}): string[] {
  if (!isNode(tool)) return ['tool: not an object']
  const fn = isNode(tool.function) ? tool.function : tool
  const errors: string[] = []
  if (typeof fn.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(fn.name)) {
    errors.push(`name: ${JSON.stringify(fn.name)} is not 1-64 characters of a-z, A-Z, 0-9, _ and -`)
  }
  if (fn.strict !== true) errors.push('strict: must be true')
  return [...errors, ...strictSchemaErrors(fn.parameters, options)]
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function typesOf(node: Node): string[] {
  if (typeof node.type === 'string') return [node.type]
  if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === 'string')
  return []
}

function matchesType(value: unknown, types: string[]): boolean {
  if (types.length === 0) return true
  return types.some((t) => {
    switch (t) {
      case 'null':
        return value === null
      case 'string':
        return typeof value === 'string'
      case 'boolean':
        return typeof value === 'boolean'
      case 'number':
        return typeof value === 'number'
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value)
      default:
        return false
    }
  })
}

function walk(
  node: unknown,
  at: string,
  depth: number,
  root: Node,
  errors: string[],
  totals: { properties: number; chars: number; enumValues: number },
  options: StrictOptions,
): void {
  if (!isNode(node)) {
    errors.push(`${at}: a schema must be an object`)
    return
  }
  for (const key of Object.keys(node)) {
    if (ANNOTATIONS.has(key) || STRUCTURE.has(key)) continue
    if (CONSTRAINTS.has(key)) {
      if (options.fineTuned) errors.push(`${at}: ${key} is not supported for fine-tuned models`)
      continue
    }
    errors.push(`${at}: the keyword ${key} is not supported`)
  }
  if (typeof node.description !== 'undefined' && typeof node.description !== 'string') errors.push(`${at}: description must be a string`)

  if (typeof node.$ref === 'string') {
    const ref = node.$ref
    const target = ref === '#' ? root : /^#\/(\$defs|definitions)\/[^/]+$/.test(ref) ? (root[ref.split('/')[1]] as Node | undefined)?.[ref.split('/')[2]] : undefined
    if (target === undefined) errors.push(`${at}: $ref ${ref} does not name the root or a definition`)
    return
  }

  if (Array.isArray(node.anyOf)) {
    if (node.anyOf.length === 0) errors.push(`${at}: anyOf must not be empty`)
    node.anyOf.forEach((branch, i) => walk(branch, `${at}.anyOf[${i}]`, depth, root, errors, totals, options))
    if ('type' in node) errors.push(`${at}: type next to anyOf (put it in the branches)`)
    return
  }
  if ('anyOf' in node) errors.push(`${at}: anyOf must be an array`)

  const types = typesOf(node)
  if (!('type' in node) && !('enum' in node) && !('const' in node)) errors.push(`${at}: no type (every schema needs a type, enum, const, anyOf or $ref)`)
  if ('type' in node && (types.length === 0 || types.length !== (Array.isArray(node.type) ? node.type.length : 1))) {
    errors.push(`${at}: type must be a type name or an array of them`)
  }
  for (const t of types) if (!TYPES.has(t)) errors.push(`${at}: type ${t} is not supported`)
  if (typeof node.format !== 'undefined' && !FORMATS.has(String(node.format))) errors.push(`${at}: format ${String(node.format)} is not supported`)

  if ('enum' in node) {
    if (!Array.isArray(node.enum) || node.enum.length === 0) errors.push(`${at}: enum must be a non-empty array`)
    else {
      totals.enumValues += node.enum.length
      let enumChars = 0
      for (const value of node.enum) {
        if (!matchesType(value, types)) errors.push(`${at}: enum value ${JSON.stringify(value)} does not match type ${types.join('|')}`)
        if (typeof value === 'string') enumChars += value.length
      }
      totals.chars += enumChars
      if (node.enum.length > 250 && enumChars > 15_000) errors.push(`${at}: more than 250 enum values totalling more than 15000 characters`)
      if (types.includes('null') && !node.enum.includes(null)) errors.push(`${at}: nullable type but null is not in enum, so null is not allowed`)
    }
  }
  if ('const' in node) {
    if (typeof node.const === 'string') totals.chars += node.const.length
    if (!matchesType(node.const, types)) errors.push(`${at}: const does not match type ${types.join('|')}`)
  }

  if (types.includes('object')) {
    if (depth + 1 > 10) errors.push(`${at}: more than 10 levels of nesting`)
    if (node.additionalProperties !== false) errors.push(`${at}: additionalProperties must be false`)
    if (!isNode(node.properties)) {
      errors.push(`${at}: an object must list its properties`)
    } else {
      const keys = Object.keys(node.properties)
      totals.properties += keys.length
      const required = Array.isArray(node.required) ? node.required : []
      if (!Array.isArray(node.required)) errors.push(`${at}: required must list every property`)
      for (const key of keys) {
        totals.chars += key.length
        if (!required.includes(key)) errors.push(`${at}: property ${key} is not in required (all fields must be required)`)
        walk(node.properties[key], `${at}.${key}`, depth + 1, root, errors, totals, options)
      }
      for (const key of required) if (!keys.includes(key as string)) errors.push(`${at}: required names ${String(key)}, which is not a property`)
    }
  } else if ('properties' in node || 'additionalProperties' in node || 'required' in node) {
    errors.push(`${at}: properties/required/additionalProperties on a schema that is not an object`)
  }

  if (types.includes('array')) {
    if (!isNode(node.items)) errors.push(`${at}: an array must give its items schema`)
    else walk(node.items, `${at}[]`, depth, root, errors, totals, options)
  } else if ('items' in node) {
    errors.push(`${at}: items on a schema that is not an array`)
  }
}
