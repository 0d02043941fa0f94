// The resource API as a token audience: tokens for it carry the instance's API project in their
// audience, which the scope below requests ("svc" names the API project in audience scopes).

export const API_AUDIENCE_SCOPE = "urn:svc:iam:org:project:id:svc:aud";

/** The id of an instance's API project, the audience of tokens for the resource API: the instance's id. */
export const apiProjectId = (instance: { id: string }) => instance.id;
