/** Download records: a new one is an upload with its fields in one step; an existing one the generic form. */
import { GenericEdit } from '../../components/GenericEdit';
import type { EditProps } from '../../resources/types';
import { DownloadNeu } from './DownloadNeu';

export function DownloadEdit(props: EditProps) {
  return props.id === 'new' ? <DownloadNeu /> : <GenericEdit {...props} />;
}
