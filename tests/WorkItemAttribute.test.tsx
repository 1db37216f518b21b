import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  WorkItemAttribute,
  WorkItemAttributeListbox,
  type WorkItemAttributeProps,
} from '../src/components/WorkItemAttribute';
import { lazyModule } from '../src/hooks/useLazyModule';
import { NO_MATCHES_FOUND_MESSAGE, WORK_ITEM_UPDATE_ERROR_MESSAGE } from '../src/utils/workItems';

const FRUITS = ['Apple', 'Banana', 'Cherry'];

/** A single-select attribute over a few fruits, with the shell's own defaults. */
function Fruit(props: Partial<WorkItemAttributeProps<string | null>>) {
  return (
    <WorkItemAttribute<string | null>
      label="Fruit"
      value={null}
      canUpdate
      renderValue={(value) => <span>{value}</span>}
      renderEditor={(editor) => (
        <WorkItemAttributeListbox
          aria-label="Fruit"
          searchLabel="Search fruit"
          selectionMode="single"
          options={FRUITS.map((fruit) => ({ key: fruit, textValue: fruit }))}
          selectedKeys={editor.draft ? [editor.draft] : []}
          onSelectionChange={([key]) => editor.apply(key ?? null)}
        />
      )}
      {...props}
    />
  );
}

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** An editor module whose code arrives when the test says so, counting the loads asked for. */
function slowEditorModule() {
  const arrival = deferred();
  let requests = 0;
  const module = lazyModule(async () => {
    requests += 1;
    await arrival.promise;
    return { loaded: true };
  });
  return { module, arrive: arrival.resolve, requests: () => requests };
}

describe('WorkItemAttribute', () => {
  it("shows the heading and 'None' for an empty value, with no Edit button when the user may not edit", () => {
    render(<Fruit canUpdate={false} />);
    expect(screen.getByRole('heading', { name: 'Fruit' })).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit fruit' })).toBeNull();
  });

  it('opens the editor with the search focused, and applies a choice optimistically', async () => {
    const user = userEvent.setup();
    const save = deferred();
    const onChange = vi.fn(() => save.promise);
    render(<Fruit onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Edit fruit' }));
    expect(screen.getByRole('searchbox', { name: 'Search fruit' })).toHaveFocus();
    await user.click(screen.getByRole('option', { name: 'Banana' }));
    expect(onChange).toHaveBeenCalledWith('Banana');
    // Shown before the server answers, and still after it does.
    expect(screen.getByText('Banana')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fruit' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => save.resolve());
    expect(screen.getByText('Banana')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fruit' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Edit fruit' })).toHaveFocus();
  });

  it("reverts and shows the 'Something went wrong' text when the save is refused", async () => {
    const user = userEvent.setup();
    render(<Fruit value="Apple" onChange={() => Promise.reject(new Error('403'))} />);
    await user.click(screen.getByRole('button', { name: 'Edit fruit' }));
    await user.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WORK_ITEM_UPDATE_ERROR_MESSAGE);
    expect(screen.getByText('Apple')).toBeInTheDocument();
    expect(screen.queryByText('Cherry')).toBeNull();
  });

  it('says so when the search matches nothing', async () => {
    const user = userEvent.setup();
    render(<Fruit />);
    await user.click(screen.getByRole('button', { name: 'Edit fruit' }));
    await user.type(screen.getByRole('searchbox'), 'an');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Banana']);
    await user.type(screen.getByRole('searchbox'), 'zz');
    expect(screen.getByRole('status')).toHaveTextContent(NO_MATCHES_FOUND_MESSAGE);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it("keeps a group's options when the search matches the group's title (an iteration's cadence)", async () => {
    const user = userEvent.setup();
    render(
      <WorkItemAttributeListbox
        aria-label="Iteration"
        searchLabel="Search iterations"
        selectionMode="single"
        options={[
          { key: 'weekly', title: 'Weekly cadence', options: [{ key: 'w1', textValue: 'Nov 2 – 8' }] },
          { key: 'monthly', title: 'Monthly cadence', options: [{ key: 'm1', textValue: 'November' }] },
        ]}
        selectedKeys={[]}
        onSelectionChange={() => undefined}
      />,
    );
    await user.type(screen.getByRole('searchbox'), 'weekly');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Nov 2 – 8']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'novem');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['November']);
  });

  it('cancels with Escape: nothing is saved and focus returns to Edit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(() => Promise.resolve());
    render(<Fruit value="Apple" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Edit fruit' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Fruit' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Edit fruit' })).toHaveFocus();
  });

  it('keeps the shown value while the page feeds the saved one back, and follows the page after that', async () => {
    const user = userEvent.setup();
    function Page() {
      const [value, setValue] = useState<string | null>('Apple');
      return (
        <>
          <Fruit value={value} onChange={async () => {}} />
          <button type="button" onClick={() => setValue('Cherry')}>
            realtime update
          </button>
        </>
      );
    }
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit fruit' }));
    await user.click(screen.getByRole('option', { name: 'Banana' }));
    await waitFor(() => expect(screen.getByText('Banana')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'realtime update' }));
    expect(screen.getByText('Cherry')).toBeInTheDocument();
  });

  it('shows a skeleton while the value loads', () => {
    render(<Fruit isLoading />);
    expect(screen.getByRole('region', { name: 'Fruit' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('None')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit fruit' })).toBeDisabled();
  });
  describe('with an editor loaded on demand (editorModule)', () => {
    it('draws the value without the editor code and loads it on hover and on focus, once', async () => {
      const user = userEvent.setup();
      const editor = slowEditorModule();
      render(<Fruit value="Apple" editorModule={editor.module} />);
      expect(screen.getByText('Apple')).toBeInTheDocument();
      expect(editor.requests()).toBe(0);
      await user.hover(screen.getByRole('button', { name: 'Edit fruit' }));
      expect(editor.requests()).toBe(1);
      await user.tab();
      expect(screen.getByRole('button', { name: 'Edit fruit' })).toHaveFocus();
      expect(editor.requests()).toBe(1);
    });

    it('opens the editor when its code arrives after an early press, by keyboard too', async () => {
      const user = userEvent.setup();
      const editor = slowEditorModule();
      const onChange = vi.fn(() => Promise.resolve());
      render(<Fruit editorModule={editor.module} onChange={onChange} />);
      await user.tab();
      await user.keyboard('{Enter}');
      // Pressed before the code arrived: nothing opens yet, the value stays in place.
      expect(screen.queryByRole('searchbox', { name: 'Search fruit' })).toBeNull();
      expect(screen.getByText('None')).toBeInTheDocument();
      await act(async () => editor.arrive());
      const search = await screen.findByRole('searchbox', { name: 'Search fruit' });
      expect(search).toHaveFocus();
      await user.keyboard('{ArrowDown}{Enter}');
      expect(onChange).toHaveBeenCalledWith('Apple');
      expect(screen.getByRole('button', { name: 'Edit fruit' })).toHaveFocus();
    });

    it('shows a skeleton for an editor open at first until its code is there', async () => {
      const editor = slowEditorModule();
      render(<Fruit editorModule={editor.module} defaultEditing />);
      expect(screen.queryByRole('searchbox')).toBeNull();
      expect(editor.requests()).toBe(1);
      await act(async () => editor.arrive());
      expect(await screen.findByRole('searchbox', { name: 'Search fruit' })).toBeInTheDocument();
    });
  });
});
