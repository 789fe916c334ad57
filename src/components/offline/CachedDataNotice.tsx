import { Badge } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useCachedDataNotice, type QueryFreshness } from '../../offline/cachedDataNotice';

/** '离线，数据来自 HH:mm' beside a list whose data could not be refreshed; nothing otherwise. Pass the useQuery result. */
export function CachedDataNotice({ query }: { query: QueryFreshness }) {
  const notice = useCachedDataNotice(query);
  if (!notice) return null;
  return (
    <Badge color="gray" variant="light" size="sm" leftSection={<IconCloudOff size={12} />} data-testid="cached-data-notice">
      {notice}
    </Badge>
  );
}
