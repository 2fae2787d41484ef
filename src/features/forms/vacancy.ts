/**
 * The vacancy an application is for: "Apply" on a vacancy links to the application page with `?vacancy={slug}`,
 * which preselects that vacancy in the form's select (options carry the job page id as value, its slug in
 * `data-slug`; the spontaneous application has the empty value). Pure.
 */

export interface VacancyOption {
  value: string;
  slug?: string;
}

/**
 * The option value `search` asks for: the vacancy whose slug `?vacancy=` names; the spontaneous application ('')
 * when it names none of the open vacancies (filled or withdrawn since the link was made); `undefined` without the
 * parameter (the select keeps its own value).
 */
export function preselectedVacancy(search: string, options: readonly VacancyOption[]): string | undefined {
  const slug = new URLSearchParams(search).get('vacancy')?.trim();
  if (slug === undefined) return undefined;
  return options.find((option) => option.value !== '' && option.slug === slug)?.value ?? '';
}
