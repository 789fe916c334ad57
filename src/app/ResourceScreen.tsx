import { resourceByName } from '../contract/resources';
import { ModuleNotFound } from './pages/ModuleNotFound';

/** The screen of a declared resource. */
export function resourceScreen(name: string) {
  const def = resourceByName(name);
  function ResourceScreen() {
    // TODO(widgets): render components/ResourcePage for `def` once it lands.
    return <ModuleNotFound name={def ? `resource/${def.name}` : `resource/${name}`} />;
  }
  return ResourceScreen;
}
