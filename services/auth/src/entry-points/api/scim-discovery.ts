import { SCIM_LIMITS, SCIM_SCHEMAS } from '@portal/contracts/scim';

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const subAttributes = (...names: string[]) => names.map((name) => attribute(name, 'string'));

/** A resource's schema as /Schemas answers it. */
const resourceSchema = (id: string, name: string, description: string, attributes: object[]) => ({
  schemas: [SCIM_SCHEMAS.schema],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema' },
});

const userSchema = resourceSchema(SCIM_SCHEMAS.user, 'User', 'A portal account; userName is its e-mail address', [
  attribute('userName', 'string', { required: true, uniqueness: 'server' }),
  attribute('name', 'complex', { subAttributes: subAttributes('formatted', 'givenName', 'familyName') }),
  attribute('displayName', 'string'),
  attribute('emails', 'complex', { multiValued: true, subAttributes: subAttributes('value', 'type') }),
  attribute('active', 'boolean'),
  attribute('preferredLanguage', 'string'),
  attribute('locale', 'string', { returned: 'never' }),
]);

const groupSchema = resourceSchema(SCIM_SCHEMAS.group, 'Group', 'A group of portal accounts', [
  attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
  attribute('members', 'complex', { multiValued: true, subAttributes: subAttributes('value', 'display', 'type') }),
]);

const resourceType = (name: 'User' | 'Group', schema: string, base: string) => ({
  schemas: [SCIM_SCHEMAS.resourceType],
  id: name,
  name,
  endpoint: `/${name}s`,
  schema,
  meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${name}` },
});

const list = (resources: unknown[]) => ({
  schemas: [SCIM_SCHEMAS.listResponse],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** The discovery documents of RFC 7644 section 4: each list, and each entry by its id. */
export function discovery(base: string) {
  const types = [resourceType('User', SCIM_SCHEMAS.user, base), resourceType('Group', SCIM_SCHEMAS.group, base)];
  const schemas = [userSchema, groupSchema];
  return {
    serviceProviderConfig: {
      schemas: [SCIM_SCHEMAS.serviceProviderConfig],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: SCIM_LIMITS.pageSizeMax },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: 'A token an administrator generates at /admin/scim, or SCIM_TOKEN',
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
    },
    resourceTypes: { list: list(types), byId: new Map(types.map((type) => [type.id, type])) },
    schemas: { list: list(schemas), byId: new Map(schemas.map((schema) => [schema.id, schema])) },
  };
}
