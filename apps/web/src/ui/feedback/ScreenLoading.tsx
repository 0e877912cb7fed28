import { Spin } from 'antd';

/**
 * What shows while a screen's module is fetched (the first time its route opens): a spinner in
 * the screen's place, or in the middle of the page while the signed-in frame itself loads.
 */
export function ScreenLoading({ page = false }: { page?: boolean }) {
  return (
    <div className={page ? 'full-page-centre' : 'screen-padded screen-loading'} data-testid="screen-loading">
      <Spin />
    </div>
  );
}
