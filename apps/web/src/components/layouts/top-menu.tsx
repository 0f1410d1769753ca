import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { NavLink } from 'react-router';

import { hasNestedMenuPath, type MenuSection, TWO_COLUMN_THRESHOLD } from '@stoa/shared/navigation';

import { useMessages } from '../../lib/i18n';

/** Number of columns a section's dropdown uses: two when it has more than 4 items (spec 001 §2). */
export function columnsFor(section: MenuSection): 1 | 2 {
  return section.items.length > TWO_COLUMN_THRESHOLD ? 2 : 1;
}

function SectionMenu({ section }: { section: MenuSection }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const columns = columnsFor(section);
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        endIcon={<KeyboardArrowDown />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', fontWeight: 500, flexShrink: 0 }}
      >
        {section.label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: {
            'aria-labelledby': buttonId,
            // Rendered as a data attribute too, so tests and styles agree on the layout.
            ...({ 'data-columns': columns } as object),
            sx: {
              display: 'grid',
              gridTemplateColumns: columns === 2 ? 'repeat(2, minmax(220px, 1fr))' : 'minmax(200px, 1fr)',
              columnGap: 0.5,
            },
          },
        }}
      >
        {section.items.map((item) => (
          <MenuItem
            key={`${item.path}-${item.label}`}
            component={NavLink}
            to={item.path}
            end={hasNestedMenuPath(item.path)}
            onClick={() => setAnchor(null)}
            sx={{ '&.active': { fontWeight: 600, color: 'primary.main' } }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The role-filtered top navigation menu (`menuForRole`), shown in the header on wide screens. */
export function TopMenu({ sections }: { sections: MenuSection[] }) {
  const m = useMessages();
  if (sections.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={m.menu.topMenu}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, overflowX: 'auto' }}
    >
      {sections.map((section) => {
        const only = section.items[0];
        if (section.items.length === 1 && only) {
          return (
            <Button
              key={section.id}
              color="inherit"
              component={NavLink}
              to={only.path}
              end={hasNestedMenuPath(only.path)}
              sx={{ whiteSpace: 'nowrap', fontWeight: 500, flexShrink: 0, '&.active': { bgcolor: 'rgba(255,255,255,0.14)' } }}
            >
              {section.label}
            </Button>
          );
        }
        return <SectionMenu key={section.id} section={section} />;
      })}
    </Box>
  );
}
