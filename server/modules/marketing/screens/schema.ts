import type { DeclaredTable } from '../../../db/schema';
import type { pictureBookResource, referralResource } from '../../../../src/contract/resources/marketing-screens';

/** Tables of 老学员添加学员 and 绘本学员, typed from their declarations (resources/marketing-screens.ts). AI日志 reads mkt_resource_move. */
declare module '../../../db/schema' {
  interface Database {
    mkt_stu_referral: DeclaredTable<typeof referralResource> & { school_id: number };
    mkt_picture_book_student: DeclaredTable<typeof pictureBookResource> & { school_id: number; del_flag: number };
  }
}
