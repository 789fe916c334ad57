// Only the Mantine stylesheets of what shows before sign-in (sign-in page, third-party and error
// pages, route fallback, the update notice): the signed-in layout adds the ones its shell and the
// front desk use (layout/layoutStyles), the screens the rest (layout/mantineRest). In the order of
// Mantine's whole styles.css, so the sheets cascade as they did when it was loaded in one piece.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
// the theme's own variables, so what draws before MantineProvider (the quick desk) has its fonts and sizes
import './themeVariables.css';
