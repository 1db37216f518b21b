// The UI and code fonts ship from npm so that pixels never depend on the machine's system fonts.
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/jetbrains-mono/400.css';
