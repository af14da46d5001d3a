/**
 * Doc and API pages: the "Copy page" menu (src/components/AgentDocs) at the top right of the
 * article, beside the title. Wraps the theme's content, which stays as it is.
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import AgentDocsMenu from '@site/src/components/AgentDocs';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <AgentDocsMenu />
      <Content {...props} />
    </>
  );
}
