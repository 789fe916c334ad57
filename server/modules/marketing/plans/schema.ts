import type { DeclaredTable } from '../../../db/schema';
import type * as P from '../../../../src/contract/resources/marketing-plans';

/**
 * Tables of the plans and targets, SMS templates and part-time acquirers, typed from their
 * declarations (resources/marketing-plans.ts). The actuals are answered, never stored (actuals.ts).
 */
declare module '../../../db/schema' {
  interface Database {
    mkt_hq_network_plan: DeclaredTable<typeof P.hqNetworkPlanResource>;
    mkt_hq_channel_network_plan: DeclaredTable<typeof P.hqChannelNetworkPlanResource>;
    mkt_city_network_plan: DeclaredTable<typeof P.cityNetworkPlanResource>;
    mkt_city_channel_network_plan: DeclaredTable<typeof P.cityChannelNetworkPlanResource>;
    mkt_sch_network_plan: DeclaredTable<typeof P.schoolNetworkPlanResource>;
    mkt_market_plan: DeclaredTable<typeof P.marketPlanResource>;
    mkt_marketer_plan_target: DeclaredTable<typeof P.marketerTargetResource>;
    mkt_seller_target: DeclaredTable<typeof P.sellerTargetResource>;
    mkt_ta_target: DeclaredTable<typeof P.taTargetResource>;
    mkt_school_sign: DeclaredTable<typeof P.schoolSignResource>;
    mkt_school_ta_plan: DeclaredTable<typeof P.schoolTaPlanResource>;
    mkt_sms_group: DeclaredTable<typeof P.smsGroupResource>;
    mkt_sms_template: DeclaredTable<typeof P.smsTemplateResource>;
    mkt_sms_record: DeclaredTable<typeof P.smsRecordResource>;
    mkt_part_time_user_city: DeclaredTable<typeof P.partTimeUserCityResource>;
  }
}
