import type { DeclaredTable } from '../../db/schema';
import type { autoCsTimeSetResource } from '../../../src/contract/resources/base';
import type * as Org from '../../../src/contract/resources/base-org';
import type * as School from '../../../src/contract/resources/base-school';
import type * as Cat from '../../../src/contract/resources/base-catalogue';

/**
 * The base area's plain list tables (机构, 分公司, 行政区划, the campus file's sub-entities, 校区限制,
 * 在售, 一级渠道, 协议类型 and their versions, 自动排课时间), typed from their declarations. The staff
 * file and the gift catalogue are typed in index.ts beside the calls that write them.
 */
declare module '../../db/schema' {
  interface Database {
    base_auto_cs_time_set: DeclaredTable<typeof autoCsTimeSetResource>;
    base_district: DeclaredTable<typeof Org.districtResource>;
    base_organ: DeclaredTable<typeof Org.organResource>;
    base_sub_company: DeclaredTable<typeof Org.subCompanyResource>;
    base_organ_school_rent: DeclaredTable<typeof School.organSchoolRentResource>;
    base_organ_school_contract: DeclaredTable<typeof School.organSchoolContractResource>;
    base_organ_school_property: DeclaredTable<typeof School.organSchoolPropertyResource>;
    base_organ_school_picture: DeclaredTable<typeof School.organSchoolPictureResource>;
    base_organ_school_license: DeclaredTable<typeof School.organSchoolLicenseResource>;
    base_school_of_limit: DeclaredTable<typeof School.schoolLimitResource>;
    base_on_sale: DeclaredTable<typeof School.onSaleResource>;
    base_one_level_channel: DeclaredTable<typeof Cat.oneLevelChannelResource>;
    base_protocol_type: DeclaredTable<typeof Cat.protocolTypeResource>;
    base_protocol_type_version: DeclaredTable<typeof Cat.protocolVersionResource>;
    base_protocol_type_organ: DeclaredTable<typeof Cat.protocolTypeOrganResource>;
  }
}
