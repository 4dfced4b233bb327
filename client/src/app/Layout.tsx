/** The shell of spec 000 §2: toolbar, side menu, breadcrumbs and the page. */
import {
  Breadcrumbs,
  Button,
  Icon,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  type BreadcrumbProps,
} from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { openDialog } from '../lib/dialogs';
import { useToolbarSearchBinding, type SearchBinding } from '../lib/toolbar-search';
import { configForPath, menuFor } from './registry';
import { RecordCrumb } from './RecordCrumb';
import { matchDetailRoute } from './routes';
import { href, useLocation } from './router';
import { useSession, useUser } from './session';

const SEARCH_DELAY_MS = 300;

/** Typing is passed on after a short pause, so that not every key press queries the server. */
function ToolbarSearch({ binding }: { binding: SearchBinding }) {
  const { value, onChange } = binding;
  const [text, setText] = useState(value);
  // A value changed by the list itself (e.g. reset of all table states) replaces what is typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <InputGroup
      type="search"
      leftIcon="search"
      placeholder="Suchen…"
      aria-label="Suchen"
      className="toolbar-search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && onChange(text)}
    />
  );
}

function Toolbar() {
  const user = useUser();
  const { logout } = useSession();
  const { path } = useLocation();
  const search = useToolbarSearchBinding();
  return (
    <Navbar className="toolbar">
      <NavbarGroup align="left">
        <NavbarHeading>Verbandsverwaltung</NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align="right">
        {search && <ToolbarSearch key={path} binding={search} />}
        <NavbarDivider />
        <span className="toolbar-user">
          <Icon icon="person" /> {user.name}
        </span>
        <NavbarDivider />
        <Button
          variant="minimal"
          icon="cog"
          aria-label="Einstellungen"
          title="Einstellungen"
          onClick={() => void openDialog('Settings')}
        />
        <Button variant="minimal" icon="log-out" text="Abmelden" onClick={() => void logout()} />
      </NavbarGroup>
    </Navbar>
  );
}

function SideMenu() {
  const { verband } = useUser();
  const { path } = useLocation();
  const active = configForPath(path)?.config.path;
  return (
    <Menu className="side-menu" aria-label="Hauptmenü">
      {menuFor(verband).map((section, index) => (
        <div key={section.title ?? `top-${index}`} role="group" aria-label={section.title}>
          {section.title ? <MenuDivider title={section.title} /> : <MenuDivider />}
          {section.entries.map((entry) => (
            <MenuItem
              key={entry.path}
              text={entry.label}
              href={href(entry.path)}
              active={entry.path === active}
            />
          ))}
        </div>
      ))}
    </Menu>
  );
}

/**
 * Section, list, the record by its name, then the German name of a detail route's last segment
 * (Buchungen, Zusammenführen, …); record ids inside a detail route are named by their list.
 */
function crumbs(path: string): BreadcrumbProps[] {
  const found = configForPath(path);
  if (!found) return [{ text: 'Seite nicht gefunden' }];
  const { config, section } = found;
  const items: BreadcrumbProps[] = section ? [{ text: section }] : [];
  items.push({ text: config.label, href: href(config.path) });
  const rest = path.slice(config.path.length).split('/').filter(Boolean);
  const detail = matchDetailRoute(path);
  const [first, ...below] = rest;
  // Below a screen of its own (an evaluation) the segments are no records: the route names itself.
  if (config.page && detail) {
    items.push({ text: detail.route.crumb ?? 'Details' });
    return items;
  }
  if (first === 'new') items.push({ text: 'Neu' });
  else if (first && /^\d+$/.test(first)) {
    items.push({
      text: <RecordCrumb config={config} id={Number(first)} />,
      href: below.length ? href(`${config.path}/${first}`) : undefined,
    });
  }
  if (below.length) items.push({ text: detail?.route.crumb ?? 'Details' });
  return items;
}

export function Layout({ children }: { children: ReactNode }) {
  const { path } = useLocation();
  return (
    <div className="app">
      <Toolbar />
      <div className="app-main">
        <nav className="side-nav">
          <SideMenu />
        </nav>
        <main className="content">
          <Breadcrumbs className="breadcrumbs" items={crumbs(path)} />
          {children}
        </main>
      </div>
    </div>
  );
}
