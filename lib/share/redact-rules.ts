/**
 * Built-in secret detection rules for the Share redaction engine.
 *
 * Every rule is a set of regular expressions run over *decoded* text (a JSON string value, or the raw text of a
 * non-JSON line). A pattern's named group `s` (or `s1`…`s4` when one regex has several alternative forms) is the
 * secret; otherwise the whole match is.
 * Rules are ordered by specificity: when matches overlap in one string, the earlier rule wins (so a JWT inside a
 * `Bearer` header is reported once, as a JWT).
 *
 * No module-level mutable state: regexes are stateful (`lastIndex`), so they are built fresh by
 * `compileBuiltinRules()` for each scan; the module only holds frozen strings.
 *
 * The rules themselves: `token-rules.ts` (a recognisable format), then `generic-rules.ts` (known by context), both built
 * of the pieces in `rule-parts.ts`.
 */

import { genericRules } from './generic-rules';
import { SECRET_FIELD_RULE, type CompiledRule, type RedactionRule } from './rule-parts';
import { codeHostAndChatRules, keyRules, serviceTokenRules } from './token-rules';

/** The built-in rules, in priority order, with fresh regex objects. */
export function compileBuiltinRules(): CompiledRule[] {
  return [...keyRules(), ...codeHostAndChatRules(), ...serviceTokenRules(), ...genericRules()];
}

/** Public descriptions of the built-in rules, in priority order (custom patterns and literals come after the specific rules). */
export const BUILTIN_RULES: readonly RedactionRule[] = Object.freeze(
  [...compileBuiltinRules().map(({ id, label, group }) => ({ id, label, group })), SECRET_FIELD_RULE].map((r) =>
    Object.freeze(r),
  ),
);
