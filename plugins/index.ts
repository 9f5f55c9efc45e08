import type { PluginDefinition } from '../src/app/plugin-registry';
import dashboard from './dashboard';

/** Every business plugin of this build; removing one = deleting its folder and its line here. */
export const plugins: readonly PluginDefinition[] = [dashboard];
