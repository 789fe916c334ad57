import type { Generated } from 'kysely';
import type { DeclaredTable } from '../../db/schema';
import type {
  classPathResource,
  classPathStepResource,
  courseScheduleResource,
  courseScheduleTimeSetResource,
  feeStandardResource,
  languagePackCityResource,
  languagePackResource,
  privilegeResource,
  productCategoryResource,
  textBookResource,
} from '../../../src/contract/resources/products';

/** A frozen version of a priced row's terms (migration 0301); appended, never changed. */
export interface PriceVersionTable {
  id: Generated<number>;
  kind: string;
  ref_id: number;
  version: number;
  /** the terms as JSON (PackTerms or FeeTerms) */
  terms: string;
  created_at: string;
  created_by: number | null;
}

// defineResource's answer types scope and softDelete as their unions, so DeclaredTable cannot see
// them: the campus and delete-flag columns are added here by hand.
type Campus = { school_id: number };
type SoftDeleted = { del_flag: number };

declare module '../../db/schema' {
  interface Database {
    base_class_product_categories: DeclaredTable<typeof productCategoryResource>;
    prod_class_path: DeclaredTable<typeof classPathResource>;
    prod_class_path_step: DeclaredTable<typeof classPathStepResource>;
    prod_course_schedule_time_set: Campus & DeclaredTable<typeof courseScheduleTimeSetResource>;
    prod_course_schedule: Campus & DeclaredTable<typeof courseScheduleResource>;
    prod_text_book: DeclaredTable<typeof textBookResource>;
    prod_privilege: DeclaredTable<typeof privilegeResource>;
    prod_language_pack: SoftDeleted & DeclaredTable<typeof languagePackResource>;
    prod_language_pack_city: Campus & DeclaredTable<typeof languagePackCityResource>;
    prod_fee_standard: Campus & SoftDeleted & DeclaredTable<typeof feeStandardResource>;
    prod_price_version: PriceVersionTable;
  }
}
