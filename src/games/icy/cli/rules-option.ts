import { DEFAULT_RULES, RULE_SETS, isRuleSetName, ruleSet, type RuleSet } from '../rules.js';
import { usageError } from './usage.js';

export function rulesOption(value: string | undefined): RuleSet {
  const name = value ?? DEFAULT_RULES;
  if (!isRuleSetName(name))
    throw usageError(`unknown rules '${name}': use one of ${Object.keys(RULE_SETS).join(', ')}`);
  return ruleSet(name);
}
