/**
 * An error boundary for an optional widget (the request console, the search): when the widget's
 * code fails to load or to render, it says so where the widget would be, with a Retry button, and
 * the page around it keeps working. Without it the page's own boundary would replace the whole
 * page with "This page crashed."
 */
import React, {Component, type ReactNode} from 'react';
import styles from './styles.module.css';

export interface WidgetBoundaryProps {
  /** What failed, for the message: "The request console", "The search". */
  name: string;
  /** Load the widget again (a new lazy component) and render it. */
  onRetry: () => void;
  /** Close the widget instead (optional). */
  onClose?: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** The failure notice on its own, for callers that catch a load failure themselves. */
export function WidgetFailure({
  name,
  error,
  onRetry,
  onClose,
}: {
  name: string;
  error: unknown;
  onRetry: () => void;
  onClose?: () => void;
}): ReactNode {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className={styles.failure}>
      <p className={styles.message}>
        <strong>{name} could not load.</strong> {message}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button--primary button--sm" onClick={onRetry}>
          Retry
        </button>
        {onClose && (
          <button type="button" className="button button--secondary button--sm" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </div>
  );
}

export default class WidgetBoundary extends Component<WidgetBoundaryProps, State> {
  state: State = {error: null};

  static getDerivedStateFromError(error: Error): State {
    return {error};
  }

  componentDidCatch(error: Error): void {
    console.warn(`${this.props.name} failed:`, error);
  }

  private retry = () => {
    this.setState({error: null});
    this.props.onRetry();
  };

  render(): ReactNode {
    const {error} = this.state;
    if (!error) return this.props.children;
    return <WidgetFailure name={this.props.name} error={error} onRetry={this.retry} onClose={this.props.onClose} />;
  }
}
