// Docusaurus's plural messages: the forms of a message separated by "|",
// one per plural category the locale has, in CLDR order (English: "One
// document found|{count} documents found"); "{count}" is the number.
const CATEGORY_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

export function pluralForm(locale: string, count: number, message: string): string {
  const forms = message.split('|');
  let form = forms[0];
  if (forms.length > 1) {
    const rules = new Intl.PluralRules(locale);
    const categories = CATEGORY_ORDER.filter((c) => rules.resolvedOptions().pluralCategories.includes(c));
    form = forms[categories.indexOf(rules.select(count))] ?? forms[forms.length - 1];
  }
  return form.replace('{count}', String(count));
}
