/**
 * The theme's navbar item types, plus `custom-apiVersion`: the API version switcher
 * (src/components/ApiVersionSwitcher), added to the navbar when older API versions are documented.
 */
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import ApiVersionSwitcher from '@site/src/components/ApiVersionSwitcher';

export default {...ComponentTypes, 'custom-apiVersion': ApiVersionSwitcher};
