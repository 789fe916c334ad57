import { languagePackCityResource, languagePackResource } from '../../contract/resources/products';
import { MasterDetailPage } from '../../components/ResourcePage';

/** 课程包: the packs (上架/下架 are declared actions); each row opens the campuses it is on sale at. */
export default function LanguagePackScreen() {
  return <MasterDetailPage master={languagePackResource} detail={languagePackCityResource} detailKey="language_pack_id" detailTitle="在售校区" />;
}
