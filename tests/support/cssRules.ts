/** Style rules for `selector` in the loaded stylesheets, with the media queries they sit under. */
export function findRules(selector: string): { rule: CSSStyleRule; media: string[] }[] {
  const found: { rule: CSSStyleRule; media: string[] }[] = [];
  const walk = (rules: CSSRuleList, media: string[]) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule && rule.selectorText === selector) found.push({ rule, media });
      else if (rule instanceof CSSMediaRule) walk(rule.cssRules, [...media, rule.conditionText]);
      else if (rule instanceof CSSGroupingRule) walk(rule.cssRules, media);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules, []);
  return found;
}
