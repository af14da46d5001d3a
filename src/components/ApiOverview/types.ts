import type {SecuritySchemeData, ServerData} from '../ApiOperation/types';

export interface OverviewCategory {
  label: string;
  /** Route of the category's generated index page. */
  href: string;
  count: number;
  /** HTML. */
  description?: string;
}

export interface OverviewSection {
  /** 0 for the text before the first heading, else the heading level (2 or 3). */
  level: number;
  title: string;
  id: string;
  /** HTML. */
  html: string;
}

export interface OverviewPage {
  title: string;
  version: string;
  servers: ServerData[];
  securitySchemes: SecuritySchemeData[];
  /** Site path of the processed OpenAPI document. */
  downloadUrl: string;
  /** The other downloads that exist (YAML, Postman collection): label and site path. */
  downloads?: {label: string; href: string}[];
  operationCount: number;
  /** Webhooks (OpenAPI 3.1 `webhooks`), each with its own page. */
  webhookCount?: number;
  categories: OverviewCategory[];
  sections: OverviewSection[];
}
