import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One import inside a dependency, pointed at a smaller module that gives the importer exactly the
 * bindings it uses (the very same objects, or for `button-is-bright.ts` the same code).
 */
interface Redirect {
  /** The importing file, relative to node_modules. */
  importer: string;
  /** The specifier as written in that file. */
  source: string;
  /** What to resolve it to instead (a package path, or a file relative to the repository). */
  target: string;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Why: the login page needs antd's Input and Button, and through them three imports that each drag a
 * whole library into the login bundle although only one small binding is used. The libraries' modules
 * are not marked side-effect free, so the bundler keeps them, and the chunk they share with the pages
 * that really use them (Form, ColorPicker, Collapse) is loaded by the login page too (~20 KB gzip):
 *  - antd's form context imports `FormProvider` from rc-field-form's index (all of rc-field-form and
 *    async-validator); the provider lives in rc-field-form's FormContext module, which the index
 *    re-exports, so both paths give the same component and the same React context;
 *  - antd's color class imports `Color` from @rc-component/color-picker's index (the whole picker UI);
 *    the class lives in its color module, which the index re-exports;
 *  - the button's style tokens import `isBright` from the ColorPresets component (Collapse with it);
 *    button-is-bright.ts is that function, unchanged, without the component around it.
 * Exact versions are pinned in package.json; a changed file after an upgrade fails the build (below).
 */
const REDIRECTS: readonly Redirect[] = [
  { importer: 'antd/es/form/context.js', source: 'rc-field-form', target: 'rc-field-form/es/FormContext' },
  { importer: 'antd/es/color-picker/color.js', source: '@rc-component/color-picker', target: '@rc-component/color-picker/es/color' },
  {
    importer: 'antd/es/button/style/token.js',
    source: '../../color-picker/components/ColorPresets',
    target: path.join(REPO_ROOT, 'src/app/antd-light/button-is-bright.ts'),
  },
];

function normalise(file: string): string {
  return file.split(path.sep).join('/');
}

/** Vite plugin: applies REDIRECTS, and fails the build when an importer no longer has its import. */
export function lightAntd(): Plugin {
  const applied = new Set<Redirect>();
  return {
    name: 'light-antd-imports',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      applied.clear();
    },
    async resolveId(source, importer) {
      if (!importer) return null;
      const from = normalise(importer);
      const redirect = REDIRECTS.find((entry) => entry.source === source && from.endsWith(`/node_modules/${entry.importer}`));
      if (!redirect) return null;
      applied.add(redirect);
      return path.isAbsolute(redirect.target) ? redirect.target : this.resolve(redirect.target, importer, { skipSelf: true });
    },
    buildEnd(error) {
      if (error) return;
      const missed = REDIRECTS.filter((entry) => !applied.has(entry));
      if (missed.length > 0) {
        this.error(`light-antd-imports: no longer imported as expected (a dependency changed?): ${missed.map((entry) => `${entry.importer} → ${entry.source}`).join(', ')}`);
      }
    },
  };
}
