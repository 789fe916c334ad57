import { ScreenHost } from '../ScreenHost';

/** /class_degree: a fixed route whose screen belongs to the classes area (registry key 'classes/class_degree'). */
export default function ClassDegreeRoute() {
  return <ScreenHost componentKey="classes/class_degree" />;
}
