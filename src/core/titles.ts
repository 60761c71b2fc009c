export { deriveTitle, type TitleResult } from './titles/index';
