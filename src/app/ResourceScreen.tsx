import { resourceByName } from '../contract/resources';
import { ResourcePage } from '../components/ResourcePage';
import { ModuleNotFound } from './pages/ModuleNotFound';

/** The list screen of a declared resource (`resource/<name>` menu keys); MODULE_NOT_FOUND without a declaration. */
export function resourceScreen(name: string) {
  const def = resourceByName(name);
  function ResourceScreen() {
    if (!def) return <ModuleNotFound name={`resource/${name}`} />;
    return <ResourcePage def={def} />;
  }
  return ResourceScreen;
}
