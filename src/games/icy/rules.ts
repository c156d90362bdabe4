/**
 * The two published rule sets. They differ in knockback and in the letter a
 * child holding a large snowball is encoded with.
 */
export interface RuleSet {
  readonly name: RuleSetName;
  /** 2011: a hit child is knocked back one space in the following turn. */
  readonly knockback: boolean;
  /** Encoding letters of Holding values 0..8. */
  readonly holdingLetters: string;
}

export type RuleSetName = 'queue2011' | 'icpc2010';

export const RULE_SETS: Readonly<Record<RuleSetName, RuleSet>> = {
  queue2011: { name: 'queue2011', knockback: true, holdingLetters: 'abcdefghi' },
  icpc2010: { name: 'icpc2010', knockback: false, holdingLetters: 'abcdefghj' },
};

export const DEFAULT_RULES: RuleSetName = 'queue2011';

export function isRuleSetName(name: string): name is RuleSetName {
  return Object.hasOwn(RULE_SETS, name);
}

export function ruleSet(name: RuleSetName = DEFAULT_RULES): RuleSet {
  return RULE_SETS[name];
}
