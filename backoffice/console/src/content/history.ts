/**
 * What the history screen knows of each content resource: its name in sentences, where its editor is in the console,
 * and whether a restore makes a draft (pages, folders, FAQ entries) or goes live (everything else).
 */
export const DRAFT_CAPABLE = ['page', 'folder', 'faq'] as const;

const RESOURCES: Record<string, { noun: string; editor?: (id: number) => string }> = {
  page: { noun: 'page', editor: (id) => `/content-pages/${id}` },
  folder: { noun: 'how-to folder', editor: (id) => `/content-folders/${id}` },
  faq: { noun: 'FAQ entry', editor: (id) => `/content-faq/${id}` },
  menu: { noun: 'menu', editor: (id) => `/content-menus/${id}` },
  setting: { noun: 'setting', editor: (id) => `/content-settings/${id}` },
  slider: { noun: 'slide', editor: (id) => `/content-slides/${id}` },
  stockist: { noun: 'stockist', editor: (id) => `/content-stockists/${id}` },
  'training-session': { noun: 'training session', editor: (id) => `/content-training/${id}` },
};

export function isDraftCapable(resource: string): boolean {
  return (DRAFT_CAPABLE as readonly string[]).includes(resource);
}

/** "page", "FAQ entry"… ; an unknown resource by its own name. */
export function resourceNoun(resource: string): string {
  return RESOURCES[resource]?.noun ?? resource.replaceAll('-', ' ');
}

/** The console address of the entry's editor (without the `#`), if the console has one. */
export function editorPath(resource: string, id: number): string | undefined {
  return RESOURCES[resource]?.editor?.(id);
}

/** The restore button's words and its confirmation. */
export function restoreWording(resource: string, version: number) {
  const draft = isDraftCapable(resource);
  return {
    button: draft ? 'Restore as draft' : 'Restore',
    title: draft ? `Restore version ${version} as a draft?` : `Restore version ${version}?`,
    content: draft
      ? `Its text becomes the ${resourceNoun(resource)}'s draft. Nothing changes on the site until you publish it.`
      : `It is saved as a new version and goes live with the next build.`,
    done: draft ? `Version ${version} restored as a draft` : `Version ${version} restored`,
  };
}
