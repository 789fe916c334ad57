import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { TableRow } from '../../components/DataTable';
import { MasterDetailPage, ResourcePage } from '../../components/ResourcePage';
import type { ResourceDef } from '../../contract/resource';
import { protocolTypeOrganResource, protocolTypeResource, protocolVersionResource } from '../../contract/resources/base-catalogue';

/** The organs using one protocol type: the list without its protocol column. */
const organsDef: ResourceDef = {
  ...protocolTypeOrganResource,
  fields: { ...protocolTypeOrganResource.fields, protocol_type_id: { ...protocolTypeOrganResource.fields.protocol_type_id, list: false, search: undefined } },
};

/** 协议类型: each type opens its versions (spec "protocol type / versions") and the organs using it. */
export default function ProtocolTypeScreen() {
  const [organsOf, setOrgansOf] = useState<TableRow | null>(null);
  const fixed = useMemo(() => (organsOf ? { protocol_type_id: Number(organsOf.id) } : undefined), [organsOf]);
  return (
    <>
      <MasterDetailPage
        master={protocolTypeResource}
        detail={protocolVersionResource}
        detailKey="protocol_type_id"
        detailTitle="协议版本"
        masterProps={{ rowActions: () => [{ key: 'organs', label: '适用机构', onClick: setOrgansOf }] }}
      />
      <Modal opened={organsOf !== null} onClose={() => setOrgansOf(null)} title={`适用机构：${String(organsOf?.name ?? '')}`} size="70%">
        {fixed && <ResourcePage def={organsDef} fixedFilters={fixed} newDefaults={fixed} />}
      </Modal>
    </>
  );
}
