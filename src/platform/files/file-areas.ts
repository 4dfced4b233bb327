import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { ResourceRegistry } from '../resources/resource-registry';

/** The public downloads (`GET /download/{file_name}`); written by the download resource. */
export const DOWNLOAD_AREA = 'download';

/** Which resources have a file area at `/node/api/{resource}/files`: those registered with `files: true`. */
@Injectable()
export class FileAreas {
  constructor(private readonly registry: ResourceRegistry) {}

  /** The area of the resource; an unknown resource is a 400, one without files a 404. */
  of(resource: string): string {
    const definition = this.registry.get(resource);
    if (!definition.files) {
      throw DomainError.notFound('NO_FILE_AREA', `Die Ressource "${resource}" hat keinen Dateibereich.`);
    }
    return definition.name;
  }
}
