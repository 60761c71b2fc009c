/**
 * The field model that ships with Papers (arxivFields.json, built by scripts/fields/buildFieldModel.ts from public
 * arXiv abstracts and their categories), decoded once on first use.
 */
import file from './arxivFields.json';
import { decodeFieldModel, FieldModel, FieldModelFile } from './model';

let decoded: FieldModel | undefined;

export function arxivFieldModel(): FieldModel {
  return (decoded ??= decodeFieldModel(file as unknown as FieldModelFile));
}
