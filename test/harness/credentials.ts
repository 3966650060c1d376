import { Credentials } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { deepCopy, ICredentialsHelper, UnexpectedError } from 'n8n-workflow';

/** Credentials of one harness call, keyed by credential type name (e.g. `documentProcessingApi`). */
export type HarnessCredentials = Record<string, ICredentialDataDecryptedObject>;

/**
 * The harness's ICredentialsHelper: n8n-core calls it from `getCredentials()` (and from
 * `helpers.httpRequestWithAuthentication`). In n8n the CLI's CredentialsHelper loads and
 * decrypts from the database; here the decrypted data is given by the test.
 * `authenticate` applies the credential type's `authenticate` (function or generic) when
 * the type's definition is passed in `credentialTypes`, resolving `={{$credentials.x}}`
 * with the workflow's real expression engine, as n8n does.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly types = new Map<string, ICredentialType>();

	constructor(
		private readonly credentials: HarnessCredentials,
		credentialTypes: ICredentialType[] = [],
	) {
		super();
		for (const type of credentialTypes) this.types.set(type.name, type);
	}

	/** `node.credentials` entries for the given credentials, as a saved workflow has them. */
	static nodeCredentials(credentials: HarnessCredentials): Record<string, INodeCredentialsDetails> {
		const result: Record<string, INodeCredentialsDetails> = {};
		for (const type of Object.keys(credentials)) {
			result[type] = { id: `harness-${type}`, name: `${type} (harness)` };
		}
		return result;
	}

	getParentTypes(name: string): string[] {
		return this.types.get(name)?.extends ?? [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		// n8n-core only ever passes IHttpRequestOptions here; the union is the abstract signature.
		const options = requestOptions as IHttpRequestOptions;
		const authenticate = this.types.get(typeName)?.authenticate;
		if (authenticate === undefined) return options;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);

		const resolve = (value: unknown): unknown => {
			if (typeof value !== 'string' || !value.startsWith('=') || !workflow || !node) return value;
			const keys: IDataObject = { $credentials: credentials };
			return workflow.expression.getParameterValue(
				value,
				null,
				0,
				0,
				node.name,
				[],
				'internal',
				keys,
				undefined,
				false,
				keys,
			);
		};
		const { properties } = authenticate;
		if (properties.auth) {
			options.auth = {
				username: String(resolve(properties.auth.username)),
				password: String(resolve(properties.auth.password)),
			};
		}
		for (const part of ['headers', 'qs', 'body'] as const) {
			const entries = properties[part];
			if (!entries) continue;
			const target: IDataObject =
				typeof options[part] === 'object' && options[part] !== null
					? (options[part] as IDataObject)
					: {};
			for (const [key, value] of Object.entries(entries)) target[key] = resolve(value) as IDataObject[string];
			options[part] = target;
		}
		return options;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<Credentials> {
		const credentials = new Credentials(nodeCredentials, type);
		await credentials.setData(this.lookup(type));
		return credentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		// A copy, so a node mutating what it got cannot leak into the next call.
		return deepCopy(this.lookup(type));
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.credentials[type] = data;
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.credentials[type] = { ...this.credentials[type], ...data };
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types.get(type)?.properties ?? [];
	}

	private lookup(type: string): ICredentialDataDecryptedObject {
		const data = this.credentials[type];
		if (data === undefined) {
			throw new UnexpectedError(`n8n harness: no credentials of type "${type}" were given`);
		}
		return data;
	}
}
